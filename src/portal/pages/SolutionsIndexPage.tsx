import { SOLUTIONS } from '../content/catalogue';
import { useDetailText, useSiteText } from '../i18n';
import { useCatalogueText } from './useCatalogueText';
import { Icon } from '../ui/icons';
import { PageBanner } from '../ui/PageBanner';
import { SolutionArt } from '../ui/SolutionArt';
import { useDocumentTitle } from '../siteData';
import './solution.css';

/** `/solution`: every solution, the six core ones first. */
export default function SolutionsIndexPage() {
  const t = useSiteText();
  const d = useDetailText();
  const cat = useCatalogueText();
  useDocumentTitle(d.solutionPage.indexTitle);
  return (
    <>
      <PageBanner title={d.solutionPage.indexTitle} subtitle={d.solutionPage.indexIntro} aside={<SolutionArt icon="layers" />} />
      <section className="p-section" aria-label={d.solutionPage.indexTitle}>
        <div className="p-container">
          <ul className="p-solution-list">
            {SOLUTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#/solution/${s.id}`} className="p-solution-card">
                  <span className="p-card__icon">
                    <Icon name={s.icon} />
                  </span>
                  <h2>{cat.solution(s.id).name}</h2>
                  <span className="p-solution-card__tagline">{cat.solution(s.id).tagline}</span>
                  <span className="p-solution-card__intro">{d.solutions[s.id].intro}</span>
                  <span className="p-link">
                    {t.common.learnMore}
                    <Icon name="arrowRight" size={16} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
