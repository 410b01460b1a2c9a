import { useEffect, useState, type ReactNode } from 'react';

type Preview = typeof import('@meetflow/plugin-outreach/preview');

// The writer's own phrasing code (compromise reads each phrase's grammar), loaded when the form
// first shows a value prop, so the rest of the screen does not wait for it.
let loading: Promise<Preview> | null = null;
const loadPreview = () => (loading ??= import('@meetflow/plugin-outreach/preview'));

/**
 * The function that tells what an email makes of a pain or a value: null until it has loaded.
 * Returns "In an email: …" for a typed phrase (or that emails leave it out), null for an empty one.
 */
export function useEmailSentence(): (field: 'pain' | 'value', text: string, seller: string) => ReactNode {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    let live = true;
    void loadPreview().then((loaded) => live && setPreview(loaded));
    return () => {
      live = false;
    };
  }, []);
  return (field, text, seller) => {
    if (!preview || !text.trim()) return null;
    const sentence = preview.emailSentence(field, text, seller.trim() || 'Your company');
    return (
      <>
        <span className="font-medium">In an email:</span>{' '}
        {sentence === null ? (
          <span className="italic">left out, as no sentence can hold it (try a short problem, or a sentence)</span>
        ) : (
          <q>{sentence}</q>
        )}
      </>
    );
  };
}
