import { isCore, SOLUTIONS } from '../content/catalogue';
import { componentsOfGroup, findComponent, type Component } from '../content/componentList';
import { solutionsUsing } from '../content/solutionParts';
import { useDetailText, useSiteText } from '../i18n';
import { serverComponent, useCatalogueText } from './useCatalogueText';
import { openConsult } from '../links';
import { useDocumentTitle, useSite } from '../siteData';
import { usePortalContent } from '../portalData';
import { ComponentCard } from '../ui/ComponentCard';
import { Icon } from '../ui/icons';
import { PageBanner, type Crumb } from '../ui/PageBanner';
import NotFoundPage from './NotFoundPage';
import './detail.css';

/** `/index/component/detail/:type/:code`: one component of the catalogue. */
export default function ComponentDetailPage({ type, code }: { type: string; code: string }) {
  const component = findComponent(type, code);
  return component ? <ComponentDetail component={component} /> : <NotFoundPage />;
}

function ComponentDetail({ component }: { component: Component }) {
  const t = useSiteText();
  const d = useDetailText();
  const site = useSite();
  const cat = useCatalogueText();
  const text = cat.component(component.code);
  const server = serverComponent(usePortalContent(), component.code);
  const detail = d.components[component.code];
  const description = server?.description || detail.description;
  const isAgent = component.type === 'agent';
  useDocumentTitle(text.name);
  const groupName = isAgent ? t.offerings.agent.title : d.groups[component.type].name;
  const crumb: Crumb = isAgent
    ? { label: t.nav.agent, href: '#/index?id=2' }
    : isCore(component.code)
      ? { label: t.nav.core, href: '#/index?id=1' }
      : { label: t.nav.full, href: '#/index?id=3' };
  const using = solutionsUsing(component.code);
  const solutions = SOLUTIONS.filter((s) => using.includes(s.id));
  const related = componentsOfGroup(component.type).filter((c) => c.code !== component.code);

  return (
    <>
      <PageBanner
        title={text.name}
        subtitle={text.summary}
        crumbs={[crumb]}
        aside={
          <div className="p-detail-art" aria-hidden="true">
            <span className="p-detail-art__ring" />
            <span className="p-detail-art__icon">
              <Icon name={component.icon} size={72} />
            </span>
          </div>
        }
      >
        <div className="p-banner__actions">
          <button type="button" className="p-btn p-btn--light" onClick={() => openConsult(site.consultUrl)}>
            <Icon name="headset" size={18} />
            {d.detailPage.consult}
          </button>
          <a className="p-btn p-btn--outline-light" href="#/portalShow">
            {d.detailPage.demo}
          </a>
        </div>
      </PageBanner>

      <div className="p-container p-detail">
        <div className="p-detail__main">
          <section aria-labelledby="p-detail-overview">
            <h2 id="p-detail-overview">{d.detailPage.overview}</h2>
            <p className="p-detail__desc">{description}</p>
          </section>
          <section aria-labelledby="p-detail-features">
            <h2 id="p-detail-features">{d.detailPage.features}</h2>
            <ul className="p-detail__features">
              {detail.features.map((f, i) => (
                <li key={f}>
                  <span className="p-detail__n" aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <span>{f}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside className="p-detail__side" aria-label={text.name}>
          <dl className="p-detail__facts">
            <div>
              <dt>{d.detailPage.code}</dt>
              <dd>{component.code}</dd>
            </div>
            <div>
              <dt>{d.detailPage.group}</dt>
              <dd>{groupName}</dd>
            </div>
          </dl>
          {solutions.length > 0 && (
            <>
              <h2>{d.detailPage.scenarios}</h2>
              <ul className="p-detail__solutions">
                {solutions.map((s) => (
                  <li key={s.id}>
                    <a href={`#/solution/${s.id}`}>
                      <Icon name={s.icon} size={20} />
                      {cat.solution(s.id).name}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </aside>
      </div>

      {related.length > 0 && (
        <section className="p-section p-section--soft" aria-labelledby="p-detail-related">
          <div className="p-container">
            <h2 id="p-detail-related" className="p-detail__related-title">
              {d.detailPage.related}
            </h2>
            <ul className="p-cards">
              {related.map((c) => (
                <ComponentCard key={c.code} component={c} text={cat.component(c.code)} />
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
