// Code generated from generator/content by TypeScript(); DO NOT EDIT.
// Refresh: go test ./generator/content -run TestTypeScript -update

export interface AboutBlock {
  heading: string;
  paragraphs: string[];
  facts?: BlockStat[];
}

export interface AboutCopy {
  hero: BlockHero;
  mission: AboutBlock;
  base: AboutBlock;
  values: BlockHeading;
  cta: BlockCTA;
}

export interface Action {
  label: string;
  href?: string;
  site?: string;
}

export interface Analytics {
  measurementID?: string;
}

export interface BlockAction {
  label: string;
  href?: string;
  site?: string;
  subject?: string;
  secondary?: boolean;
}

export interface BlockCTA {
  heading: string;
  text: string;
  actions: BlockAction[];
}

export interface BlockCard {
  icon: string;
  title: string;
  text: string;
  stat?: BlockStat;
  points?: string[];
  tag?: string;
  action?: BlockAction;
}

export interface BlockCards {
  id?: string;
  heading: string;
  intro?: string;
  cards: BlockCard[];
}

export interface BlockHeading {
  id?: string;
  heading: string;
  intro?: string;
}

export interface BlockHero {
  eyebrow: string;
  heading: string;
  intro: string;
  actions?: BlockAction[];
}

export interface BlockStat {
  value: string;
  label: string;
}

export interface BlockStats {
  heading: string;
  intro?: string;
  stats: BlockStat[];
  note?: string;
}

export interface Card {
  icon: string;
  title: string;
  text: string;
  stat?: string;
}

export interface CardSection {
  eyebrow?: string;
  heading: string;
  intro?: string;
  cards: Card[];
}

export interface CaseStudiesCopy {
  hero: BlockHero;
  stories: BlockHeading;
  challenge: string;
  solution: string;
  results: string;
  cta: BlockCTA;
}

export interface CaseStudy {
  id: string;
  sector: string;
  industry: string;
  company: string;
  title: string;
  challenge: string;
  solution: string;
  results: string[];
  image: Image;
  icon: string;
  color: string;
}

export interface ChatMessage {
  from: string;
  text: string;
}

export interface ClientRoute {
  path: string;
  page: string;
  prefix?: boolean;
  redirect?: string;
  notFound?: boolean;
  title?: string;
  description?: string;
  data?: string;
}

export interface Collections {
  services?: Service[];
  caseStudies?: CaseStudy[];
  reviews?: Review[];
  founders?: Founder[];
  faq?: FAQItem[];
  resources?: Resource[];
  webinars?: Webinar[];
  values?: Value[];
  partnerGroups?: PartnerGroup[];
}

export interface Consent {
  bannerLabel: string;
  text: string;
  policyLabel: string;
  preferences: string;
  rejectAll: string;
  acceptAll: string;
  dialogTitle: string;
  dialogIntro: string;
  save: string;
  close: string;
  essential: ConsentCategory;
  analytics: ConsentCategory;
  marketing: ConsentCategory;
  alwaysOnLabel: string;
}

export interface ConsentCategory {
  title: string;
  description: string;
}

export interface ContactForm {
  heading: string;
  intro: string;
  infoHeading: string;
  info: InfoItem[];
  fields: FormFields;
  sizeOptions: string[];
  submit: string;
  sending: string;
  errors: FormMessages;
  success: Notice;
  failure: Notice;
  suspicious: Notice;
}

export interface Dashboard {
  label: string;
  title: string;
  status: string;
  stats: DashboardStat[];
  chat: ChatMessage[];
}

export interface DashboardStat {
  value: string;
  label: string;
}

export interface FAQItem {
  question: string;
  answer: string;
}

export interface FloatingContact {
  label: string;
}

export interface Footer {
  tagline: string;
  columns: FooterColumn[];
  otherSitesTitle: string;
  socialTitle: string;
  legalLinks: NavLink[];
  cookieSettingsLabel: string;
  copyright: string;
}

export interface FooterColumn {
  title: string;
  links: Action[];
}

export interface FormFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companySize: string;
  sizePrompt: string;
  message: string;
  honeypot: string;
}

export interface FormMessages {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companySize: string;
  message: string;
}

export interface Founder {
  name: string;
  title: string;
  bio: string;
  initials: string;
  linkedin: string;
}

export interface HealthCompanionCopy {
  hero: BlockHero;
  features: BlockCards;
  benefits: BlockCards;
  cta: BlockCTA;
}

export interface HeroTag {
  label: string;
  icon: string;
  desktopOnly?: boolean;
}

export interface HomeAbout {
  eyebrow?: string;
  heading: string;
  statement: string;
  foundersTitle: string;
  profileLabel: string;
  missionTitle: string;
  missionText: string;
  moreLink: Action;
}

export interface HomeBusinessLines {
  eyebrow?: string;
  heading: string;
  intro: string;
  consultingTitle: string;
  consultingIntro: string;
  moreLabel: string;
  getInTouch: Action;
  productsTitle: string;
  products: Product[];
}

export interface HomeCaseStudies {
  eyebrow?: string;
  heading: string;
  intro: string;
  readMore: string;
  challengeTitle: string;
  solutionTitle: string;
  resultsTitle: string;
  closeLabel: string;
  allLink: Action;
}

export interface HomeCopy {
  hero: HomeHero;
  research: CardSection;
  businessLines: HomeBusinessLines;
  caseStudies: HomeCaseStudies;
  about: HomeAbout;
  faq: HomeFAQ;
  features: CardSection;
}

export interface HomeFAQ {
  eyebrow?: string;
  heading: string;
  intro: string;
  contactText: string;
  contact: Action;
}

export interface HomeHero {
  heading: string;
  subheading: string;
  tagsLabel: string;
  tags: HeroTag[];
  primary: Action;
  secondary: Action;
  dashboard: Dashboard;
}

export interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface InfoItem {
  icon: string;
  label: string;
  text?: string;
  href?: string;
  site?: string;
}

export interface Layout {
  nav: Nav;
  footer: Footer;
  contactForm: ContactForm;
  floatingContact: FloatingContact;
  consent: Consent;
  ui: UI;
}

export interface LegalCopy {
  backToHome: string;
}

export interface Nav {
  label: string;
  home: NavLink;
  solutions: NavGroup;
  links: NavLink[];
  demoLabel: string;
  mobileGroups: NavGroup[];
  contactLabel: string;
  openMenu: string;
  closeMenu: string;
}

export interface NavGroup {
  label: string;
  items: NavLink[];
}

export interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

export interface NotFoundCopy {
  heading: string;
  text: string;
  returnHome: string;
}

export interface Notice {
  title: string;
  text: string;
}

export interface Offer {
  price: string;
  currency: string;
  description: string;
}

export interface Organization {
  logo: string;
  description: string;
  founderName: string;
  country: string;
  contactType: string;
  offer: Offer;
}

export interface PageData {
  path: string;
  page: string;
  copy: unknown;
  collections: Collections;
  html?: string;
}

export interface PartnerGroup {
  icon: string;
  title: string;
  description: string;
  partners: string[];
}

export interface PartnersCopy {
  hero: BlockHero;
  groups: BlockHeading;
  become: BlockCards;
  cta: BlockCTA;
}

export interface PlatformCopy {
  hero: BlockHero;
  components: BlockCards;
  compliance: BlockCards;
  integrations: PlatformIntegrations;
  cta: BlockCTA;
}

export interface PlatformIntegration {
  name: string;
  category: string;
}

export interface PlatformIntegrations {
  heading: string;
  intro: string;
  items: PlatformIntegration[];
}

export interface Product {
  icon: string;
  eyebrow: string;
  title: string;
  text: string;
  bullets: string[];
  link: Action;
}

export interface ProductSites {
  pulse: string;
  health: string;
}

export interface Profile {
  name: string;
  label: string;
  url: string;
}

export interface PulseCopy {
  hero: BlockHero;
  dashboard: PulseDashboard;
  collection: BlockCards;
  applications: BlockCards;
  cta: BlockCTA;
}

export interface PulseDashboard {
  heading: string;
  intro: string;
  title: string;
  badge: string;
  metrics: BlockStat[];
  sentiment: number;
  sentimentLabel: string;
  themesTitle: string;
  themes: string[];
  note: string;
}

export interface Resource {
  type: string;
  icon: string;
  title: string;
  description: string;
  downloadUrl?: string;
  category: string;
}

export interface ResourcesCopy {
  hero: BlockHero;
  library: ResourcesLibrary;
  webinars: ResourcesWebinars;
  cta: BlockCTA;
}

export interface ResourcesLibrary {
  heading: string;
  intro: string;
  downloadLabel: string;
  requestLabel: string;
  requestSubject: string;
  pending: string;
}

export interface ResourcesWebinars {
  heading: string;
  intro: string;
  speakerLabel: string;
  registerLabel: string;
  registerSubject: string;
  registerNote: string;
  months: string[];
}

export interface Review {
  company: string;
  reviewBody: string;
  ratingValue: number;
  datePublished: string;
}

export interface SEO {
  title: string;
  description: string;
  keywords: string[];
  image: string;
  themeColor: string;
  region: string;
  placename: string;
  speakable: string[];
}

export interface Service {
  id: string;
  title: string;
  icon: string;
  description: string;
  details: string[];
}

export interface ServicesCopy {
  hero: BlockHero;
  services: BlockHeading;
  openLabel: string;
  closeLabel: string;
  action: BlockAction;
  cta: BlockCTA;
}

export interface SiteConfig {
  brand: string;
  baseURL: string;
  language: string;
  demoEmail: string;
  demoFormURL: string;
  contactEndpoint: string;
  analytics: Analytics;
  seo: SEO;
  organization: Organization;
  social: Profile[];
  productSites: ProductSites;
  otherSites: Profile[];
  careersURL: string;
}

export interface SiteData {
  config: SiteConfig;
  layout: Layout;
  routesURL: string;
  year: number;
}

export interface SolutionCopy {
  hero: BlockHero;
  highlights: BlockStat[];
  features: BlockCards;
  stories: BlockCards;
  cta: BlockCTA;
}

export interface UI {
  close: string;
  notifications: string;
  dismiss: string;
}

export interface UseCasesCopy {
  hero: BlockHero;
  groups: BlockCards[];
  results: BlockStats;
  cta: BlockCTA;
}

export interface Value {
  icon: string;
  title: string;
  description: string;
}

export interface Webinar {
  title: string;
  date: string;
  time: string;
  timeZone: string;
  speaker: string;
}

/** The copy type of each page key. */
export interface PageCopy {
  "about": AboutCopy;
  "case-studies": CaseStudiesCopy;
  "health-companion": HealthCompanionCopy;
  "home": HomeCopy;
  "legal": LegalCopy;
  "not-found": NotFoundCopy;
  "partners": PartnersCopy;
  "platform": PlatformCopy;
  "pulse": PulseCopy;
  "redirect": null;
  "resources": ResourcesCopy;
  "services": ServicesCopy;
  "text-ai": SolutionCopy;
  "use-cases": UseCasesCopy;
  "voice-ai": SolutionCopy;
}

export type PageKey = keyof PageCopy;
