import { CONTACT_EMAIL, SOLUTIONS } from '../content/catalogue';
import { useSiteText } from '../i18n';
import { telHref } from '../links';
import { useSite } from '../siteData';
import { LogoMark } from '../ui/Logo';
import './footer.css';

/**
 * The copyright line. The configured value may be bare years ("2016-2025"), which get the
 * company name added, or a full line ("© 2016-2025 数链科技集团"), shown as written; either way
 * the © sign appears exactly once.
 */
export function copyrightLine(copyright: string, company: string, rights: string): string {
  const text = copyright.replace(/^\s*(©|\(c\)|copyright)\s*/i, '').trim();
  const yearsOnly = /^\d{4}(\s*[-–]\s*\d{4})?$/.test(text);
  return yearsOnly ? `© ${text} ${company} ${rights}` : `© ${text} ${rights}`;
}

export function Footer() {
  const t = useSiteText();
  const site = useSite();
  const columns: [string, [href: string, label: string][]][] = [
    [
      t.footer.products,
      [
        ['#/index?id=1', t.nav.core],
        ['#/index?id=2', t.nav.agent],
        ['#/index?id=3', t.nav.full],
        ['#/portalShow', t.nav.demo],
      ],
    ],
    [t.footer.solutions, SOLUTIONS.filter((s) => s.featured).map((s) => [`#/solution/${s.id}`, t.solutions[s.id].name])],
    [
      t.footer.company,
      [
        ['#/index/about', t.about.company],
        ['#/index/about?section=contact', t.about.contact],
        ['#/index/about?section=ecology', t.about.ecology],
        ['#/index/guide', t.nav.guide],
        ['#/solution', t.nav.solutions],
      ],
    ],
  ];
  return (
    <footer className="p-footer">
      <div className="p-container p-footer__grid">
        <div className="p-footer__brand">
          <div className="p-footer__logo">
            <LogoMark size={32} />
            <span>{site.companyName}</span>
          </div>
          <p>{t.meta.slogan}</p>
          <p className="p-footer__hotline">
            <span>{t.footer.hotline}</span>
            <a href={telHref(site.hotline)}>{site.hotline}</a>
          </p>
        </div>
        {columns.map(([title, links]) => (
          <nav key={title} aria-label={title} className="p-footer__col">
            <h2>{title}</h2>
            <ul>
              {links.map(([href, label]) => (
                <li key={href}>
                  <a href={href}>{site.link('footer', href, label)}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="p-footer__col">
          <h2>{t.footer.contact}</h2>
          <address>
            <p>
              <span>{t.footer.email}</span>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </p>
            <p>
              <span>{t.footer.address}</span>
              {t.footer.addressText}
            </p>
          </address>
        </div>
      </div>
      <div className="p-footer__bottom">
        <div className="p-container p-footer__legal">
          <span>{copyrightLine(site.copyright, site.companyName, t.footer.rights)}</span>
          {/* A registration number issued in Chinese: marked as such in every language. */}
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" title={t.footer.icpLabel} lang="zh-CN">
            {site.icpNumber}
          </a>
        </div>
      </div>
    </footer>
  );
}
