import type { CoreCode, FeaturedSolutionId, GroupId, OfferingKey, OtherSolutionId, SolutionId } from './catalogue';
import type { ComponentCode, OtherCode } from './componentList';
import type { ShowcaseGroupId, ShowcaseLeafId, ShowcasePageId } from './showcase';

/**
 * The portal's texts come in two modules per language: `site` (the shell, the home page and
 * every name and one-line summary, which is what the home page shows) and `details` (long
 * descriptions, solution and showcase pages, the about page), loaded only by the pages that
 * need them. That split keeps the home page inside its JS budget: the site module names only
 * what the home page shows (the core components, the featured solutions); the other names are
 * in the details module. Each text exists once.
 */

export interface NameSummary {
  name: string;
  summary: string;
}

export interface SolutionName {
  name: string;
  tagline: string;
}

export interface TitledText {
  title: string;
  text: string;
}

export interface SiteText {
  meta: { companyName: string; productName: string; slogan: string };
  nav: {
    home: string;
    core: string;
    agent: string;
    full: string;
    solutions: string;
    demo: string;
    about: string;
    guide: string;
    openMenu: string;
    closeMenu: string;
    language: string;
    login: string;
    console: string;
    consult: string;
    skipToContent: string;
    mainNav: string;
  };
  side: { hotline: string; consult: string; top: string; label: string };
  home: {
    title: string;
    banners: { title: string; subtitle: string }[];
    primaryCta: string;
    secondaryCta: string;
    carouselLabel: string;
    slideLabel: string;
    offeringsTitle: string;
    offeringsIntro: string;
    coreTitle: string;
    coreIntro: string;
    solutionsTitle: string;
    solutionsIntro: string;
    stats: { value: string; label: string }[];
    aboutTitle: string;
    aboutText: string;
    ctaTitle: string;
    ctaText: string;
  };
  offerings: Record<OfferingKey, { title: string; subtitle: string }>;
  components: Record<CoreCode, NameSummary>;
  solutions: Record<FeaturedSolutionId, SolutionName>;
  about: { title: string; company: string; contact: string; ecology: string };
  footer: {
    products: string;
    solutions: string;
    company: string;
    contact: string;
    hotline: string;
    email: string;
    address: string;
    addressText: string;
    rights: string;
    icpLabel: string;
  };
  common: {
    learnMore: string;
    viewAll: string;
    loading: string;
    compact: string;
    detailed: string;
  };
}

export interface SolutionDetail {
  intro: string;
  pains: string[];
  capabilities: TitledText[];
  metrics: [string, string, string];
}

export interface ShowcasePageText {
  summary: string;
  features: string[];
  /** Pages that bundle several menu leaves or sub-modules describe each one here. */
  sections: TitledText[];
}

export interface DetailText {
  labels: { viewDetail: string; newTab: string; breadcrumb: string };
  guide: { intro: string; contents: string; empty: string };
  notFound: { title: string; text: string; back: string };
  components: Record<ComponentCode, { description: string; features: string[] }>;
  componentNames: Record<OtherCode, NameSummary>;
  solutionNames: Record<OtherSolutionId, SolutionName>;
  offeringPages: {
    core: { intro: string; highlights: TitledText[] };
    agent: { intro: string; steps: TitledText[] };
    full: { intro: string; groupsLabel: string };
  };
  groups: Record<GroupId, { name: string; intro: string }>;
  detailPage: {
    overview: string;
    features: string;
    scenarios: string;
    related: string;
    consult: string;
    demo: string;
    code: string;
    group: string;
  };
  solutions: Record<SolutionId, SolutionDetail>;
  solutionPage: {
    indexTitle: string;
    indexIntro: string;
    pains: string;
    capabilities: string;
    results: string;
    components: string;
    consult: string;
    more: string;
  };
  showcasePages: Record<ShowcasePageId, ShowcasePageText>;
  showcase: {
    title: string;
    menuLabel: string;
    features: string;
    open: string;
    openHint: string;
    groups: Record<ShowcaseGroupId, string>;
    leaves: Record<ShowcaseLeafId, string>;
  };
  about: {
    intro: string[];
    stats: { value: string; label: string }[];
    milestonesTitle: string;
    milestones: string[];
    contactIntro: string;
    hours: string;
    hoursText: string;
    email: string;
    consult: string;
    ecologyIntro: string;
    modes: TitledText[];
    partnersTitle: string;
    partners: string[];
  };
}
