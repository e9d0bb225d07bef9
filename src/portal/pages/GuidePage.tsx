import { useEffect, useState } from 'react';
import type { Language } from '../../i18n/languages';
import { useDetailText, useLanguage } from '../i18n';
import { loadPortalContent, type PortalContent } from '../portalData';
import { useDocumentTitle } from '../siteData';
import { PageBanner } from '../ui/PageBanner';

type Sections = PortalContent['guide'];

/** The guide's sections in the page's language; undefined while the call is on its way. */
function useGuide(lang: Language): Sections | undefined {
  const [got, setGot] = useState<{ lang: Language; sections: Sections } | null>(null);
  useEffect(() => {
    let live = true;
    void loadPortalContent(lang).then((d) => live && setGot({ lang, sections: d?.guide ?? [] }));
    return () => {
      live = false;
    };
  }, [lang]);
  return got?.lang === lang ? got.sections : undefined;
}

/**
 * `/index/guide`: the guide, section by section, as edited in the console. The section texts are
 * HTML that the server's rich-text allow-list has cleaned on every write and again on the way out.
 */
export default function GuidePage() {
  const { lang, text: t } = useLanguage();
  const d = useDetailText();
  const sections = useGuide(lang);
  useDocumentTitle(t.nav.guide);

  return (
    <>
      <PageBanner title={t.nav.guide} subtitle={d.guide.intro} />
      <section className="p-section p-guide" aria-busy={sections === undefined}>
        <div className="p-container p-guide__layout">
          {sections === undefined ? (
            <div className="p-page-loading" role="status">
              <span className="p-spinner" aria-hidden="true" />
              <span className="p-sr-only">{t.common.loading}</span>
            </div>
          ) : sections.length === 0 ? (
            <p className="p-guide__empty">{d.guide.empty}</p>
          ) : (
            <>
              <nav className="p-guide__toc" aria-label={d.guide.contents}>
                <h2>{d.guide.contents}</h2>
                <ol>
                  {sections.map((s) => (
                    <li key={s.code}>
                      <a
                        href={`#p-guide-${s.code}`}
                        onClick={(e) => {
                          // The hash is the router's: scroll instead of changing the address.
                          e.preventDefault();
                          document.getElementById(`p-guide-${s.code}`)?.scrollIntoView?.({ block: 'start' });
                        }}
                      >
                        {s.title}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>
              <div className="p-guide__body">
                {sections.map((s) => (
                  <article key={s.code} id={`p-guide-${s.code}`} className="p-guide__section" aria-labelledby={`p-guide-${s.code}-title`}>
                    <h2 id={`p-guide-${s.code}-title`}>{s.title}</h2>
                    {/* Cleaned by the server's allow-list (src/server/data/richText.ts). */}
                    <div className="p-rich" dangerouslySetInnerHTML={{ __html: s.html }} />
                  </article>
                ))}
              </div>
            </>
          )}
        </div>
      </section>
    </>
  );
}
