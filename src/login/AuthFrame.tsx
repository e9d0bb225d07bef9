import type { ReactNode } from 'react';
import { BrandIllustration } from './BrandIllustration';
import type { Translate } from './text';
import './auth.css';

interface Props {
  t: Translate;
  /** The language control; the sign-in app and the console each bring their own handler. */
  language: ReactNode;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the sign-in, register and social-redirect screens: brand panel beside a form card. */
export function AuthFrame({ t, language, title, subtitle, children }: Props) {
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <a className="auth-brand__logo" href="#/index">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{t('app.productName')}</span>
        </a>
        <div className="auth-brand__copy">
          <h2>{t('login.brandTitle')}</h2>
          <p>{t('login.brandText')}</p>
          <ul>
            <li>{t('login.brandPoint1')}</li>
            <li>{t('login.brandPoint2')}</li>
            <li>{t('login.brandPoint3')}</li>
          </ul>
        </div>
        <BrandIllustration />
      </aside>
      <main className="auth-main">
        <div className="auth-main__lang">{language}</div>
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
          {children}
        </section>
        <footer className="auth-footer">{t('app.copyright')}</footer>
      </main>
    </div>
  );
}
