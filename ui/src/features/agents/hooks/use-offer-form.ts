import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { offerQueryOptions, useSaveOffer } from '../api/offer-api.ts';
import { offerErrors, placeApiErrors, sameOfferForm, toOffer, toOfferForm, type OfferErrors, type OfferForm } from '../utils/offer-form.ts';

/**
 * The Company & offer form: the saved offer, what the user typed over it, the problems found
 * (checked on Save, then again on every change until fixed) and Save itself. Answers
 * `save()` false when the form was refused before anything was sent.
 */
export function useOfferForm() {
  const query = useQuery(offerQueryOptions());
  const offer = query.data?.offer ?? null;
  const saved = useMemo(() => (query.data ? toOfferForm(query.data.offer) : null), [query.data]);
  const [edited, setEdited] = useState<OfferForm | null>(null);
  const [errors, setErrors] = useState<OfferErrors>({});
  // After a refused Save the problems follow the typing, so each one goes as soon as it is fixed.
  const [checking, setChecking] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const mutation = useSaveOffer();
  const toast = useToast();
  const form = edited ?? saved;
  const dirty = edited !== null && saved !== null && !sameOfferForm(edited, saved);

  const change = (next: OfferForm) => {
    setEdited(next);
    setAlert(null);
    if (checking) setErrors(offerErrors(next));
  };
  const discard = () => {
    setEdited(null);
    setErrors({});
    setChecking(false);
    setAlert(null);
  };
  const save = (): boolean => {
    if (!form) return false;
    const found = offerErrors(form);
    setErrors(found);
    setChecking(true);
    setAlert(null);
    if (Object.keys(found).length > 0) return false;
    mutation.mutate(toOffer(form), {
      onSuccess: ({ offer: stored }) => {
        discard();
        toast({
          title: 'Offer Saved',
          description: `Emails written from now on pitch ${stored?.companyName ?? 'your offer'}.`,
          tone: 'success',
        });
      },
      onError: (error) => {
        const placed = error instanceof ApiError ? placeApiErrors(error.fields) : { errors: {}, unplaced: true };
        setErrors(placed.errors);
        // The check above passed, so the API's words stay until the next Save, not the next keystroke.
        setChecking(false);
        if (placed.unplaced || Object.keys(placed.errors).length === 0)
          setAlert(error instanceof ApiError ? error.message : 'Meetflow could not be reached. Check your connection and try again.');
        toast({ title: 'Save Failed', description: error.message, tone: 'error' });
      },
    });
    return true;
  };
  return { query, offer, form, errors, alert, dirty, saving: mutation.isPending, change, discard, save };
}
