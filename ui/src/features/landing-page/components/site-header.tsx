import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NAV_ANCHORS } from '../content.ts';
import { useAccountLinks } from '../hooks/use-account-links.ts';

/** The sticky header: logo, anchors, Sign In (Open app when signed in) and Start Campaign; a menu button opens them on phones. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const links = useAccountLinks();
  const actions = (
    <>
      <Link to={links.signIn.to} className="btn btn-ghost btn-sm">
        {links.signIn.label}
      </Link>
      <Link to={links.startCampaign} className="btn btn-primary btn-sm">
        Start Campaign
      </Link>
    </>
  );
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
        <a href="#top" className="text-xl font-bold tracking-tight text-primary">
          Meetflow
        </a>
        <nav aria-label="Sections" className="ml-6 hidden gap-1 md:flex">
          {NAV_ANCHORS.map((anchor) => (
            <a key={anchor.href} href={anchor.href} className="btn btn-ghost btn-sm">
              {anchor.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">{actions}</div>
        <button
          type="button"
          className="btn btn-square btn-ghost btn-sm ml-auto md:hidden"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(!open)}
        >
          <svg
            xmlns="http://www.w3.org/2000/svg"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="size-5"
            aria-hidden="true"
          >
            <path strokeLinecap="round" d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
          </svg>
        </button>
      </div>
      {open && (
        <div id="mobile-menu" className="flex flex-col gap-1 border-t border-base-300 px-4 py-3 md:hidden">
          {NAV_ANCHORS.map((anchor) => (
            <a key={anchor.href} href={anchor.href} className="btn btn-ghost btn-sm justify-start" onClick={() => setOpen(false)}>
              {anchor.label}
            </a>
          ))}
          <div className="mt-2 flex gap-2">{actions}</div>
        </div>
      )}
    </header>
  );
}
