// Code generated from generator/content by TypeScript(); DO NOT EDIT.
// Refresh: go test ./generator/content -run TestTypeScript -update

export interface Action {
  label: string;
  href?: string;
  site?: string;
}

export interface Analytics {
  measurementID?: string;
}

export interface BasicCopy {
  heading: string;
  intro: string;
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

export interface Resource {
  type: string;
  icon: string;
  title: string;
  description: string;
  downloadUrl?: string;
  category: string;
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
  routes: ClientRoute[];
  year: number;
}

export interface UI {
  close: string;
  notifications: string;
  dismiss: string;
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
  "about": BasicCopy;
  "case-studies": BasicCopy;
  "health-companion": BasicCopy;
  "home": HomeCopy;
  "legal": LegalCopy;
  "not-found": NotFoundCopy;
  "partners": BasicCopy;
  "platform": BasicCopy;
  "pulse": BasicCopy;
  "redirect": null;
  "resources": BasicCopy;
  "services": BasicCopy;
  "text-ai": BasicCopy;
  "use-cases": BasicCopy;
  "voice-ai": BasicCopy;
}

export type PageKey = keyof PageCopy;
