import { useEffect, useState } from 'react';
import { useSiteText } from '../i18n';
import { openConsole, openConsult } from '../links';
import { useHashLocation } from '../router';
import { useSite } from '../siteData';
import { LogoMark } from '../ui/Logo';
import { Icon } from '../ui/icons';
import { LanguageSelect } from './LanguageSelect';
import './header.css';

/** The public header links of spec §2.3, plus solutions and the 'system demo' entry. */
const NAV = [
  { key: 'home', href: '#/index' },
  { key: 'core', href: '#/index?id=1' },
  { key: 'agent', href: '#/index?id=2' },
  { key: 'full', href: '#/index?id=3' },
  { key: 'solutions', href: '#/solution' },
  { key: 'demo', href: '#/portalShow' },
  { key: 'about', href: '#/index/about' },
] as const;

const CONSULT_IMAGE = `${import.meta.env.BASE_URL}portal/consult.svg`;

export function Header({ active }: { active: string }) {
  const t = useSiteText();
  const site = useSite();
  const loc = useHashLocation();
  const [open, setOpen] = useState(false);

  // The small-screen menu closes whenever a link inside it has been followed.
  useEffect(() => setOpen(false), [loc.href]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="p-header">
      <div className="p-container p-header__inner">
        <a className="p-brand" href="#/index">
          <LogoMark />
          <span className="p-brand__text">
            <span className="p-brand__name">{site.companyName}</span>
            <span className="p-brand__product">{t.meta.productName}</span>
          </span>
        </a>
        <button
          type="button"
          className="p-menu-btn"
          aria-expanded={open}
          aria-controls="p-header-panel"
          aria-label={open ? t.nav.closeMenu : t.nav.openMenu}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'close' : 'menu'} />
        </button>
        <div id="p-header-panel" className={open ? 'p-header__panel is-open' : 'p-header__panel'}>
          <nav aria-label={t.nav.mainNav} className="p-nav">
            <ul>
              {NAV.map((item) => (
                <li key={item.key}>
                  <a href={item.href} aria-current={active === item.key ? 'page' : undefined}>
                    {site.link('header', item.href, t.nav[item.key])}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="p-header__actions">
            <button type="button" className="p-consult-img" onClick={() => openConsult(site.consultUrl)}>
              <img src={CONSULT_IMAGE} width={32} height={32} alt={t.nav.consult} />
              <span className="p-consult-img__text" aria-hidden="true">
                {t.nav.consult}
              </span>
            </button>
            <LanguageSelect />
            <button type="button" className="p-btn p-btn--ghost p-btn--sm" onClick={() => openConsole('/login')}>
              {t.nav.login}
            </button>
            <button type="button" className="p-btn p-btn--primary p-btn--sm" onClick={() => openConsole('/')}>
              {t.nav.console}
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
