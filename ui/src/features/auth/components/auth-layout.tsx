import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  /** The form. */
  children: ReactNode;
  /** Below the card: the way to the other page (Sign In ↔ Sign Up). */
  footer: ReactNode;
}

/** The frame of Sign In and Sign Up: the landing page's bar and colours, one card in the middle. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary/10 to-base-100">
      <header className="border-b border-base-300 bg-base-100/90">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <Link to="/" className="text-xl font-bold tracking-tight text-primary">
            Meetflow
          </Link>
        </div>
      </header>
      <main className="flex flex-1 flex-col items-center px-4 py-10 sm:py-16">
        <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-5">
            <div>
              <h1 className="text-2xl font-bold">{title}</h1>
              <p className="text-base-content/70">{subtitle}</p>
            </div>
            {children}
          </div>
        </div>
        <p className="mt-6 text-sm text-base-content/70">{footer}</p>
      </main>
    </div>
  );
}
