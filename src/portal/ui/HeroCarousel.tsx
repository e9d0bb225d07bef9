import { useState } from 'react';
import { format, useSiteText } from '../i18n';
import { isExternalUrl } from '../router';
import { useSite } from '../siteData';
import { Icon } from './icons';
import './hero.css';

// A file rather than inline markup: it keeps the home page's JS small and loads in parallel.
const HERO_IMAGE = `${import.meta.env.BASE_URL}portal/hero.svg`;

interface Slide {
  key: string | number;
  title: string;
  subtitle: string;
  imageUrl: string | null;
  link: string | null;
}

function linkProps(link: string) {
  if (isExternalUrl(link)) return { href: link, target: '_blank', rel: 'noopener noreferrer' };
  return { href: link.startsWith('#') ? link : `#${link}` };
}

/**
 * The home banner: slides from the console's banner records, or the built-in ones when there
 * are none. Slides change only when the visitor picks one, so nothing moves on its own.
 */
export function HeroCarousel() {
  const t = useSiteText();
  const site = useSite();
  const slides: Slide[] = site.banners.length
    ? site.banners.map((b) => ({ key: b.id, ...b }))
    : t.home.banners.map((b, i) => ({ key: i, ...b, imageUrl: null, link: null }));
  const [picked, setPicked] = useState(0);
  // A configured image that fails to load gives way to the built-in illustration.
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const index = picked < slides.length ? picked : 0;
  const current = slides[index];

  return (
    <section className="p-hero" aria-roledescription="carousel" aria-label={t.home.carouselLabel}>
      <div className="p-container p-hero__inner">
        <div
          className="p-hero__copy"
          key={current.key}
          role="group"
          aria-roledescription="slide"
          aria-label={format(t.home.slideLabel, { n: index + 1 })}
        >
          <p className="p-hero__eyebrow">{t.meta.slogan}</p>
          <h1>{current.title}</h1>
          {current.subtitle && <p className="p-hero__subtitle">{current.subtitle}</p>}
          <div className="p-hero__actions">
            <a className="p-btn p-btn--light" {...linkProps(current.link ?? '#/index?id=1')}>
              {current.link ? t.common.learnMore : t.home.primaryCta}
              <Icon name="arrowRight" size={18} />
            </a>
            <a className="p-btn p-btn--outline-light" href="#/portalShow">
              {t.home.secondaryCta}
            </a>
          </div>
        </div>
        <div className="p-hero__visual">
          {current.imageUrl && !broken.has(current.imageUrl) ? (
            <img
              src={current.imageUrl}
              alt=""
              className="p-hero__img"
              onError={() => setBroken((b) => new Set(b).add(current.imageUrl!))}
            />
          ) : (
            <img src={HERO_IMAGE} alt="" className="p-hero__art" width={560} height={420} fetchPriority="high" />
          )}
        </div>
      </div>
      {slides.length > 1 && (
        <div className="p-container p-hero__controls">
          {slides.map((s, i) => (
            <button
              key={s.key}
              type="button"
              className="p-hero__dot"
              aria-label={format(t.home.slideLabel, { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setPicked(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
