import { useEffect, useState } from 'react';
import { resolveShowcase, SHOWCASE_ART, SHOWCASE_MENU, showcaseHref, type ShowcaseLeafEntry } from '../content/showcase';
import { useDetailText, useSiteText } from '../i18n';
import { followLink, isExternalUrl } from '../router';
import { usePortalContent, type PortalContent } from '../portalData';
import { useDocumentTitle } from '../siteData';
import { Icon } from '../ui/icons';
import '../ui/iconsExtra';
import { CheckList } from '../ui/PageBanner';
import { ShowcaseArt } from '../ui/ShowcaseArt';
import NotFoundPage from './NotFoundPage';
import './showcase.css';

/**
 * `/portalShow/index/:group/:leaf`: the showcase of the back-office modules. The left menu
 * lists every group and leaf; each page describes its module and offers a button to the
 * leaf's url (`/home` is the console dashboard, which asks for a login first).
 */
/** A leaf's title and address as the console keeps them (show component manage). */
function showcaseEntry(data: PortalContent | null, group: string, leaf: string) {
  return data?.showcase.find((e) => e.group === group && e.leaf === leaf);
}

export default function ShowcasePage({ group, leaf }: { group?: string; leaf?: string }) {
  const found = resolveShowcase(group, leaf);
  return found ? <Showcase groupId={found.group.id} leaf={found.leaf} /> : <NotFoundPage />;
}

function Showcase({ groupId, leaf }: { groupId: string; leaf: ShowcaseLeafEntry }) {
  const t = useSiteText();
  const d = useDetailText();
  const s = d.showcase;
  const content = usePortalContent();
  // Leaf titles and addresses as the console keeps them, else the bundled ones.
  const leafTitle = (g: string, l: string) => showcaseEntry(content, g, l)?.title || s.leaves[l as keyof typeof s.leaves];
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [leaf.id]);

  const groupEntry = SHOWCASE_MENU.find((g) => g.id === groupId)!;
  const page = d.showcasePages[leaf.page];
  const leafName = leafTitle(groupId, leaf.id);
  const leafUrl = showcaseEntry(content, groupId, leaf.id)?.url || leaf.meta.url;
  useDocumentTitle(`${leafName} - ${s.title}`);
  // Leaves sharing one page (the iot devices) each get their own section highlighted.
  const shared = groupEntry.leaves.filter((l: ShowcaseLeafEntry) => l.page === leaf.page);
  const current = shared.length > 1 ? shared.findIndex((l) => l.id === leaf.id) : -1;
  const external = isExternalUrl(leafUrl);

  return (
    <div className="p-show">
      <div className="p-container p-show__layout">
        <div className="p-show__aside">
          <button
            type="button"
            className="p-show__toggle"
            aria-expanded={menuOpen}
            aria-controls="p-show-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={20} />
            {s.menuLabel}
          </button>
          <nav id="p-show-menu" aria-label={s.menuLabel} className={menuOpen ? 'p-show__menu is-open' : 'p-show__menu'}>
            <p className="p-show__menu-title">{s.title}</p>
            <ul>
              {SHOWCASE_MENU.map((g) => {
                const leaves: readonly ShowcaseLeafEntry[] = g.leaves;
                const current = (l: ShowcaseLeafEntry) => (l.id === leaf.id && g.id === groupId ? 'page' : undefined);
                // A group with a single leaf is one entry: repeating its name as a heading adds nothing.
                if (leaves.length === 1) {
                  return (
                    <li key={g.id}>
                      <a className="p-show__single" href={showcaseHref(g.id, leaves[0].id)} aria-current={current(leaves[0])}>
                        <Icon name={g.icon} size={18} />
                        {leafTitle(g.id, leaves[0].id)}
                      </a>
                    </li>
                  );
                }
                return (
                  <li key={g.id}>
                    <span className="p-show__group">
                      <Icon name={g.icon} size={18} />
                      {s.groups[g.id]}
                    </span>
                    <ul>
                      {leaves.map((l) => (
                        <li key={l.id}>
                          <a href={showcaseHref(g.id, l.id)} aria-current={current(l)}>
                            {leafTitle(g.id, l.id)}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>

        <article className="p-show__content" aria-labelledby="p-page-title">
          <nav aria-label={d.labels.breadcrumb} className="p-show__crumbs">
            <ol>
              <li>
                <a href="#/index">{t.nav.home}</a>
              </li>
              <li>
                <a href="#/portalShow">{s.title}</a>
              </li>
              <li>{s.groups[groupEntry.id]}</li>
              <li aria-current="page">{leafName}</li>
            </ol>
          </nav>
          <h1 id="p-page-title">{leafName}</h1>
          <p className="p-show__summary">{page.summary}</p>
          <div className="p-show__art">
            <ShowcaseArt kind={SHOWCASE_ART[leaf.page]} />
          </div>
          {page.sections.length > 0 && (
            <ul className="p-show__sections">
              {page.sections.map((sec, i) => (
                <li key={sec.title} className={i === current ? 'is-current' : undefined} aria-current={i === current ? 'true' : undefined}>
                  <h2>{sec.title}</h2>
                  <p>{sec.text}</p>
                </li>
              ))}
            </ul>
          )}
          <h2 className="p-show__h2">{s.features}</h2>
          <CheckList items={page.features} className="p-show__features" />
          <div className="p-show__open">
            <button type="button" className="p-btn p-btn--primary" onClick={() => followLink(leafUrl)}>
              {s.open}
              <Icon name={external ? 'external' : 'arrowRight'} size={18} />
              {external && <span className="p-sr-only">{d.labels.newTab}</span>}
            </button>
            {!external && <p>{s.openHint}</p>}
          </div>
        </article>
      </div>
    </div>
  );
}
