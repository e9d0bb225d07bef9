// Base styles first, so component styles of equal specificity override them.
import './portal.css';
import './ui/blocks.css';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { LanguageProvider, useLanguage } from './i18n';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { SideButtons } from './layout/SideButtons';
import { HomePage } from './pages/HomePage';
import { activeNav, isCompact, resolveRoute, type Route } from './routes';
import { navigate, parseHash, usePageLocation, type HashLocation } from './router';
import { loadSiteData } from './siteData';
import { browserLanguage } from '../i18n/languageCookie';

// Everything but the home page is split off: the home page has a strict JS budget.
const OfferingPage = lazy(() => import('./pages/OfferingPage'));
const ComponentDetailPage = lazy(() => import('./pages/ComponentDetailPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const GuidePage = lazy(() => import('./pages/GuidePage'));
const SolutionPage = lazy(() => import('./pages/SolutionPage'));
const SolutionsIndexPage = lazy(() => import('./pages/SolutionsIndexPage'));
const ShowcasePage = lazy(() => import('./pages/ShowcasePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

function Page({ route, loc }: { route: Route; loc: HashLocation }) {
  const compact = isCompact(loc);
  switch (route.kind) {
    case 'home':
      return <HomePage compact={compact} />;
    case 'offering':
      return <OfferingPage offering={route.offering} compact={compact} />;
    case 'component':
      return <ComponentDetailPage type={route.type} code={route.code} />;
    case 'about':
      return <AboutPage section={route.section} />;
    case 'guide':
      return <GuidePage />;
    case 'solutions':
      return <SolutionsIndexPage />;
    case 'solution':
      return <SolutionPage id={route.id} />;
    case 'showcase':
      return <ShowcasePage group={route.group} leaf={route.leaf} />;
    case 'notFound':
      return <NotFoundPage />;
    case 'redirect':
      return null;
  }
}

function PageLoading() {
  const { text } = useLanguage();
  return (
    <div className="p-page-loading" role="status">
      <span className="p-spinner" aria-hidden="true" />
      <span className="p-sr-only">{text.common.loading}</span>
    </div>
  );
}

function Shell() {
  const loc = usePageLocation();
  const route = resolveRoute(loc);
  const { text, langTag } = useLanguage();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(loc.path);

  const redirectTo = route.kind === 'redirect' ? route.to : null;
  useEffect(() => {
    // Locations arrive as transitions, so the address may have moved on (a link, the console's
    // "Home") by the time this runs: redirecting then would replace the visitor's new address.
    if (redirectTo && parseHash(window.location.hash).path === loc.path) navigate(redirectTo, true);
  }, [redirectTo, loc.path]);

  // The page body has the browser's default margin; the portal is full-bleed while it is shown.
  useEffect(() => {
    document.body.classList.add('portal-body');
    return () => document.body.classList.remove('portal-body');
  }, []);

  // A new page starts at the top, and keyboard and screen-reader users land on its content.
  useEffect(() => {
    const from = firstPath.current;
    if (from === loc.path) return;
    firstPath.current = loc.path;
    window.scrollTo(0, 0);
    // The '/' to '/index' redirect is still the first page, not a move.
    if (from !== '/') mainRef.current?.focus({ preventScroll: true });
  }, [loc.path]);

  return (
    <div className="portal" lang={langTag}>
      <button type="button" className="p-skip" onClick={() => mainRef.current?.focus()}>
        {text.nav.skipToContent}
      </button>
      <Header active={activeNav(route)} />
      {/* data-route tells which location the page area shows, which can lag the address bar
          while the next page loads (browser tests wait on it). */}
      <main id="p-main" ref={mainRef} tabIndex={-1} className="p-main" data-route={loc.href}>
        <Suspense fallback={<PageLoading />}>
          <Page route={route} loc={loc} />
        </Suspense>
      </main>
      <Footer />
      <SideButtons />
    </div>
  );
}

export default function PortalApp() {
  // Start the portal-content request now, in parallel with the language module.
  void loadSiteData(browserLanguage());
  return (
    <LanguageProvider>
      <Shell />
    </LanguageProvider>
  );
}
