import type { ReactNode } from 'react';
import { useDetailText, useSiteText } from '../i18n';
// Every inner page has a banner, so this is where their extra icons get registered.
import './iconsExtra';
import './inner.css';

export interface Crumb {
  label: string;
  href: string;
}

interface PageBannerProps {
  title: string;
  subtitle?: string;
  crumbs?: Crumb[];
  /** Shown to the right of the title on wide screens (an illustration). */
  aside?: ReactNode;
  children?: ReactNode;
}

/** The title band of every inner page: breadcrumb, h1, subtitle, actions. */
export function PageBanner({ title, subtitle, crumbs = [], aside, children }: PageBannerProps) {
  const t = useSiteText();
  const d = useDetailText();
  return (
    <section className="p-banner" aria-labelledby="p-page-title">
      <div className="p-container p-banner__inner">
        <div className="p-banner__copy">
          <nav aria-label={d.labels.breadcrumb} className="p-crumbs">
            <ol>
              <li>
                <a href="#/index">{t.nav.home}</a>
              </li>
              {crumbs.map((c) => (
                <li key={c.href}>
                  <a href={c.href}>{c.label}</a>
                </li>
              ))}
              <li aria-current="page">{title}</li>
            </ol>
          </nav>
          <h1 id="p-page-title">{title}</h1>
          {subtitle && <p className="p-banner__subtitle">{subtitle}</p>}
          {children}
        </div>
        {aside && <div className="p-banner__aside">{aside}</div>}
      </div>
    </section>
  );
}

/** A check-marked feature list. */
export function CheckList({ items, className = '' }: { items: string[]; className?: string }) {
  return (
    <ul className={`p-checks ${className}`}>
      {items.map((item) => (
        <li key={item}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="11" fill="#e6f4ff" />
            <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#0958d9" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
