import { useEffect } from 'react';
import { CONTACT_EMAIL } from '../content/catalogue';
import { useDetailText, useSiteText } from '../i18n';
import { openConsult, telHref } from '../links';
import { useDocumentTitle, useSite } from '../siteData';
import { Icon } from '../ui/icons';
import { PageBanner } from '../ui/PageBanner';
import { PartnerBadge } from '../ui/PartnerBadge';
import './about.css';

const SECTIONS = ['company', 'contact', 'ecology'] as const;
/** Milestone years; the events are in the texts, in the same order. */
const MILESTONE_YEARS = ['2016', '2018', '2020', '2022', '2025'];

/** `/index/about`: company, contact and ecological cooperation; `?section=` scrolls to one. */
export default function AboutPage({ section }: { section: string | null }) {
  const t = useSiteText();
  const d = useDetailText();
  const site = useSite();
  const a = d.about;
  useDocumentTitle(t.about.title);

  useEffect(() => {
    if (section) document.getElementById(`p-about-${section}`)?.scrollIntoView?.({ block: 'start' });
  }, [section]);

  return (
    <>
      <PageBanner title={t.about.title} subtitle={t.meta.slogan}>
        <nav className="p-about-tabs" aria-label={t.about.title}>
          {SECTIONS.map((s) => (
            <a key={s} href={`#/index/about?section=${s}`} aria-current={section === s ? 'location' : undefined}>
              {t.about[s]}
            </a>
          ))}
        </nav>
      </PageBanner>

      <section id="p-about-company" className="p-section p-about-block" aria-labelledby="p-about-company-title">
        <div className="p-container p-about-company">
          <div>
            <h2 id="p-about-company-title">{t.about.company}</h2>
            {a.intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <dl className="p-about-stats">
            {a.stats.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="p-container">
          <h3 className="p-about-sub">{a.milestonesTitle}</h3>
          <ol className="p-timeline">
            {MILESTONE_YEARS.map((year, i) => (
              <li key={year}>
                <span className="p-timeline__year">{year}</span>
                <span>{a.milestones[i]}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="p-about-contact" className="p-section p-section--soft p-about-block" aria-labelledby="p-about-contact-title">
        <div className="p-container">
          <h2 id="p-about-contact-title">{t.about.contact}</h2>
          <p className="p-about-lead">{a.contactIntro}</p>
          <ul className="p-contact">
            <li>
              <Icon name="phone" />
              <span>{t.footer.hotline}</span>
              <a href={telHref(site.hotline)}>{site.hotline}</a>
            </li>
            <li>
              <Icon name="mail" />
              <span>{a.email}</span>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </li>
            <li>
              <Icon name="pin" />
              <span>{t.footer.address}</span>
              <strong>{t.footer.addressText}</strong>
            </li>
            <li>
              <Icon name="clock" />
              <span>{a.hours}</span>
              <strong>{a.hoursText}</strong>
            </li>
          </ul>
          <button type="button" className="p-btn p-btn--primary p-about-consult" onClick={() => openConsult(site.consultUrl)}>
            <Icon name="headset" size={18} />
            {a.consult}
          </button>
        </div>
      </section>

      <section id="p-about-ecology" className="p-section p-about-block" aria-labelledby="p-about-ecology-title">
        <div className="p-container">
          <h2 id="p-about-ecology-title">{t.about.ecology}</h2>
          <p className="p-about-lead">{a.ecologyIntro}</p>
          <ul className="p-modes">
            {a.modes.map((m) => (
              <li key={m.title}>
                <h3>{m.title}</h3>
                <p>{m.text}</p>
              </li>
            ))}
          </ul>
          <h3 className="p-about-sub">{a.partnersTitle}</h3>
          <ul className="p-partners">
            {a.partners.map((name, i) => (
              <li key={name}>
                <PartnerBadge name={name} index={i} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
