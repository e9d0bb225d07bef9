import type { ReactNode } from 'react';
import { CORE_COMPONENTS, OFFERINGS, SOLUTIONS } from '../content/catalogue';
import { useSiteText } from '../i18n';
import { openConsult, telHref } from '../links';
import { useDocumentTitle, useSite } from '../siteData';
import { ComponentCard } from '../ui/ComponentCard';
import { HeroCarousel } from '../ui/HeroCarousel';
import { Icon } from '../ui/icons';
import './home.css';

function SectionHeader({ id, title, intro, children }: { id: string; title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="p-section__head">
      <div>
        <h2 id={id}>{title}</h2>
        {intro && <p>{intro}</p>}
      </div>
      {children && <div className="p-section__extra">{children}</div>}
    </div>
  );
}

/** `/index`: the portal home. `compact` (`?text=0`) drops the descriptive lines. */
export function HomePage({ compact }: { compact: boolean }) {
  const t = useSiteText();
  const site = useSite();
  const h = t.home;
  useDocumentTitle(h.title);
  return (
    <>
      <HeroCarousel />

      <section className="p-section" aria-labelledby="p-home-offerings">
        <div className="p-container">
          <SectionHeader id="p-home-offerings" title={h.offeringsTitle} intro={compact ? undefined : h.offeringsIntro} />
          <ul className="p-offerings">
            {OFFERINGS.map((o) => (
              <li key={o.id}>
                <a className="p-offering" href={`#/index?id=${o.id}`}>
                  <span className="p-offering__icon">
                    <Icon name={o.icon} size={28} />
                  </span>
                  <h3>{t.offerings[o.key].title}</h3>
                  {!compact && <span className="p-offering__text">{t.offerings[o.key].subtitle}</span>}
                  <span className="p-offering__more">
                    {t.common.learnMore}
                    <Icon name="arrowRight" size={16} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="p-section p-section--soft" aria-labelledby="p-home-core">
        <div className="p-container">
          <SectionHeader id="p-home-core" title={h.coreTitle} intro={compact ? undefined : h.coreIntro}>
            <a href={compact ? '#/index' : '#/index?text=0'} className="p-link">
              {compact ? t.common.detailed : t.common.compact}
            </a>
            <a href="#/index?id=1" className="p-link">
              {t.common.viewAll}
              <Icon name="arrowRight" size={16} />
            </a>
          </SectionHeader>
          <ul className="p-cards p-cards--4">
            {CORE_COMPONENTS.map((c) => (
              <ComponentCard key={c.code} component={c} text={t.components[c.code]} compact={compact} />
            ))}
          </ul>
        </div>
      </section>

      <section className="p-section" aria-labelledby="p-home-solutions">
        <div className="p-container">
          <SectionHeader id="p-home-solutions" title={h.solutionsTitle} intro={compact ? undefined : h.solutionsIntro}>
            <a href="#/solution" className="p-link">
              {t.common.viewAll}
              <Icon name="arrowRight" size={16} />
            </a>
          </SectionHeader>
          <ul className="p-solutions">
            {SOLUTIONS.filter((s) => s.featured).map((s) => (
              <li key={s.id}>
                <a className="p-solution-tile" href={`#/solution/${s.id}`}>
                  <span className="p-solution-tile__icon">
                    <Icon name={s.icon} size={26} />
                  </span>
                  <h3>{t.solutions[s.id].name}</h3>
                  {!compact && <span>{t.solutions[s.id].tagline}</span>}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="p-section p-section--dark" aria-labelledby="p-home-about">
        <div className="p-container p-about-teaser">
          <div>
            <h2 id="p-home-about">{h.aboutTitle}</h2>
            {!compact && <p>{h.aboutText}</p>}
            <a className="p-btn p-btn--light" href="#/index/about">
              {t.common.learnMore}
              <Icon name="arrowRight" size={18} />
            </a>
          </div>
          <dl className="p-stats">
            {h.stats.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="p-section p-cta" aria-labelledby="p-home-cta">
        <div className="p-container p-cta__inner">
          <div>
            <h2 id="p-home-cta">{h.ctaTitle}</h2>
            <p>{h.ctaText}</p>
          </div>
          <div className="p-cta__actions">
            <button type="button" className="p-btn p-btn--primary" onClick={() => openConsult(site.consultUrl)}>
              <Icon name="headset" size={18} />
              {t.nav.consult}
            </button>
            <a className="p-btn p-btn--ghost" href={telHref(site.hotline)}>
              <Icon name="phone" size={18} />
              {site.hotline}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
