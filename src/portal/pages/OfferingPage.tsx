import { componentHref, CORE_COMPONENTS, GROUP_IDS, OFFERINGS, type OfferingKey } from '../content/catalogue';
import { AGENTS, componentsOfGroup, type Component } from '../content/componentList';
import { useDetailText, useSiteText } from '../i18n';
import { useCatalogueText } from './useCatalogueText';
import './offering.css';
import { ComponentCard } from '../ui/ComponentCard';
import { Icon } from '../ui/icons';
import { CheckList, PageBanner } from '../ui/PageBanner';
import { useDocumentTitle } from '../siteData';
import { scrollBehavior } from '../../utils/motion';

/** A component with its long description and features; compact keeps the one-line summary. */
function RichCard({ component, compact }: { component: Component; compact: boolean }) {
  const d = useDetailText();
  const text = useCatalogueText().component(component.code);
  const name = text.name;
  return (
    <li className="p-rich">
      <div className="p-rich__head">
        <span className="p-card__icon">
          <Icon name={component.icon} />
        </span>
        <div>
          <h3>
            <a href={componentHref(component)}>{name}</a>
          </h3>
          <span className="p-rich__code">{component.code}</span>
        </div>
      </div>
      <p className="p-rich__summary">{text.summary}</p>
      {!compact && <p className="p-rich__text">{d.components[component.code].description}</p>}
      {!compact && <CheckList items={d.components[component.code].features} />}
      <a className="p-link p-rich__more" href={componentHref(component)}>
        {d.labels.viewDetail}
        <span className="p-sr-only">: {name}</span>
        <Icon name="arrowRight" size={16} />
      </a>
    </li>
  );
}

function scrollToGroup(id: string) {
  document.getElementById(`p-group-${id}`)?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
}

/** `/index?id=1|2|3`: the core components, the AI agents, or the full set; `&text=0` is compact. */
export default function OfferingPage({ offering, compact }: { offering: OfferingKey; compact: boolean }) {
  const t = useSiteText();
  const d = useDetailText();
  const id = OFFERINGS.find((o) => o.key === offering)!.id;
  const page = d.offeringPages;
  const cat = useCatalogueText();
  useDocumentTitle(t.offerings[offering].title);
  const toggle = (
    <a className="p-banner__toggle" href={compact ? `#/index?id=${id}` : `#/index?id=${id}&text=0`}>
      {compact ? t.common.detailed : t.common.compact}
    </a>
  );

  return (
    <>
      <PageBanner title={t.offerings[offering].title} subtitle={t.offerings[offering].subtitle}>
        {!compact && <p className="p-banner__intro">{page[offering].intro}</p>}
        {toggle}
      </PageBanner>

      {offering === 'core' && (
        <section className="p-section" aria-label={t.offerings.core.title}>
          <div className="p-container">
            {!compact && (
              <ul className="p-highlights">
                {page.core.highlights.map((h) => (
                  <li key={h.title}>
                    <h2>{h.title}</h2>
                    <p>{h.text}</p>
                  </li>
                ))}
              </ul>
            )}
            <ul className="p-rich-grid">
              {CORE_COMPONENTS.map((c) => (
                <RichCard key={c.code} component={c} compact={compact} />
              ))}
            </ul>
          </div>
        </section>
      )}

      {offering === 'agent' && (
        <section className="p-section" aria-label={t.offerings.agent.title}>
          <div className="p-container">
            {!compact && (
              <ol className="p-steps">
                {page.agent.steps.map((s, i) => (
                  <li key={s.title}>
                    <span className="p-steps__n" aria-hidden="true">
                      {i + 1}
                    </span>
                    <h2>{s.title}</h2>
                    <p>{s.text}</p>
                  </li>
                ))}
              </ol>
            )}
            <ul className="p-rich-grid p-rich-grid--3">
              {AGENTS.map((c) => (
                <RichCard key={c.code} component={c} compact={compact} />
              ))}
            </ul>
          </div>
        </section>
      )}

      {offering === 'full' && (
        <section className="p-section" aria-label={t.offerings.full.title}>
          <div className="p-container">
            <nav className="p-chips" aria-label={page.full.groupsLabel}>
              {GROUP_IDS.map((g) => (
                <button key={g} type="button" onClick={() => scrollToGroup(g)}>
                  {d.groups[g].name}
                  <span className="p-chips__count">{componentsOfGroup(g).length}</span>
                </button>
              ))}
            </nav>
            {GROUP_IDS.map((g) => (
              <section key={g} id={`p-group-${g}`} className="p-group" aria-labelledby={`p-group-title-${g}`}>
                <div className="p-group__head">
                  <h2 id={`p-group-title-${g}`}>{d.groups[g].name}</h2>
                  {!compact && <p>{d.groups[g].intro}</p>}
                </div>
                <ul className="p-cards p-cards--4">
                  {componentsOfGroup(g).map((c) => (
                    <ComponentCard key={c.code} component={c} text={cat.component(c.code)} compact={compact} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      )}
    </>
  );
}
