import { findSolution, SOLUTIONS, type SolutionId } from '../content/catalogue';
import { componentByCode } from '../content/componentList';
import { SOLUTION_PARTS } from '../content/solutionParts';
import { useDetailText, useSiteText } from '../i18n';
import { useCatalogueText } from './useCatalogueText';
import { openConsult } from '../links';
import { useDocumentTitle, useSite } from '../siteData';
import { ComponentCard } from '../ui/ComponentCard';
import { Icon } from '../ui/icons';
import { PageBanner } from '../ui/PageBanner';
import { SolutionArt } from '../ui/SolutionArt';
import './solution.css';

/** `/solution/:id`: pains, capabilities, results and the components a solution is built from. */
export default function SolutionPage({ id }: { id: SolutionId }) {
  const t = useSiteText();
  const d = useDetailText();
  const site = useSite();
  const entry = findSolution(id)!;
  const parts = SOLUTION_PARTS[id];
  const text = d.solutions[id];
  const labels = d.solutionPage;
  const cat = useCatalogueText();
  const name = cat.solution(id);
  useDocumentTitle(name.name);

  return (
    <>
      <PageBanner
        title={name.name}
        subtitle={name.tagline}
        crumbs={[{ label: t.nav.solutions, href: '#/solution' }]}
        aside={<SolutionArt icon={entry.icon} />}
      >
        <p className="p-banner__intro">{text.intro}</p>
        <div className="p-banner__actions">
          <button type="button" className="p-btn p-btn--light" onClick={() => openConsult(site.consultUrl)}>
            <Icon name="headset" size={18} />
            {labels.consult}
          </button>
          <a className="p-btn p-btn--outline-light" href="#/portalShow">
            {t.nav.demo}
          </a>
        </div>
      </PageBanner>

      <section className="p-section" aria-labelledby="p-sol-pains">
        <div className="p-container">
          <h2 id="p-sol-pains" className="p-sol__title">
            {labels.pains}
          </h2>
          <ul className="p-pains">
            {text.pains.map((p, i) => (
              <li key={p}>
                <span className="p-pains__n" aria-hidden="true">{`0${i + 1}`}</span>
                {p}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="p-section p-section--soft" aria-labelledby="p-sol-caps">
        <div className="p-container">
          <h2 id="p-sol-caps" className="p-sol__title">
            {labels.capabilities}
          </h2>
          <ul className="p-caps">
            {text.capabilities.map((c) => (
              <li key={c.title}>
                <span className="p-caps__icon">
                  <Icon name="check" size={20} />
                </span>
                <h3>{c.title}</h3>
                <p>{c.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="p-section p-results" aria-labelledby="p-sol-results">
        <div className="p-container">
          <h2 id="p-sol-results" className="p-sol__title">
            {labels.results}
          </h2>
          <dl className="p-results__grid">
            {parts.metrics.map((value, i) => (
              <div key={text.metrics[i]}>
                <dt>{text.metrics[i]}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="p-section" aria-labelledby="p-sol-components">
        <div className="p-container">
          <h2 id="p-sol-components" className="p-sol__title">
            {labels.components}
          </h2>
          <ul className="p-cards">
            {parts.components.map((code) => (
              <ComponentCard key={code} component={componentByCode(code)} text={cat.component(code)} />
            ))}
          </ul>
          <h2 className="p-sol__title p-sol__more">{labels.more}</h2>
          <ul className="p-sol-chips">
            {SOLUTIONS.filter((s) => s.id !== id).map((s) => (
              <li key={s.id}>
                <a href={`#/solution/${s.id}`}>
                  <Icon name={s.icon} size={18} />
                  {cat.solution(s.id).name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
