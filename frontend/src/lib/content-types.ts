// Code generated from generator/content by codegen.TypeScript(); DO NOT EDIT.
// Refresh: make types (go generate ./...)

import type { IconName } from "../components/ui/icon";

export interface Action {
  label: string;
  href: string;
}

export interface Analytics {
  measurementID?: string;
}

export interface ArticleCard {
  url: string;
  title: string;
  description: string;
  date: string;
  dateLabel: string;
  readingTime: string;
  authorName: string;
  cover: Image;
  tags: TagLink[];
  status?: string;
  badge?: string;
  memo: string;
}

export interface ArticleIndexSection {
  eyebrow?: string;
  heading: string;
  intro: string;
  readingTime: string;
  contents: string;
  related: string;
  taggedHeading: string;
  tagsLabel: string;
  newer: string;
  older: string;
  pageLabel: string;
  allArticles: string;
  feed: string;
  draft: string;
  scheduled: string;
  articles: ArticleCard[];
  tag?: string;
  tags: TagLink[];
  page: number;
  pages: number;
  newerUrl?: string;
  olderUrl?: string;
  indexUrl: string;
  feedUrl: string;
}

export interface ArticleLabels {
  readingTime: string;
  contents: string;
  related: string;
  taggedHeading: string;
  tagsLabel: string;
  newer: string;
  older: string;
  pageLabel: string;
  allArticles: string;
  feed: string;
  draft: string;
  scheduled: string;
}

export interface ArticleSection {
  title: string;
  description: string;
  date: string;
  updated?: string;
  dateLabel: string;
  readingTime: string;
  author: Author;
  cover: Image;
  tags: TagLink[];
  toc?: TOCEntry[];
  html: string;
  related: ArticleCard[];
  status?: string;
  banner?: string;
  labels: ArticleLabels;
  indexUrl: string;
}

export interface Author {
  key: string;
  name: string;
  role: string;
  photo?: Image;
  url?: string;
}

export interface BlockAction {
  label: string;
  href: string;
  secondary?: boolean;
}

export interface BlockCard {
  icon: IconName;
  title: string;
  text: string;
  figure?: string;
  stat?: BlockStat;
  points?: string[];
  tag?: string;
  action?: BlockAction;
}

export interface BlockStat {
  value: string;
  label: string;
}

export interface Breadcrumb {
  name: string;
  url: string;
}

export interface BusinessLinesSection {
  eyebrow?: string;
  heading: string;
  intro: string;
  consultingTitle: string;
  consultingIntro: string;
  moreLabel: string;
  productsTitle: string;
  products: Product[];
}

export interface CTASection {
  heading: string;
  text: string;
  actions: BlockAction[];
}

export interface CardsSection {
  variant?: string;
  id?: string;
  eyebrow?: string;
  heading: string;
  intro?: string;
  cards: BlockCard[];
}

export interface CaseStudiesSection {
  id?: string;
  heading: string;
  intro?: string;
  challenge: string;
  solution: string;
  results: string;
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
  icon: IconName;
  color: string;
  url: string;
}

export interface CaseStudyGridSection {
  eyebrow?: string;
  heading: string;
  intro: string;
  readMore: string;
  allLink: Action;
}

export interface CaseStudySection {
  study: CaseStudy;
  challenge: string;
  solution: string;
  results: string;
  indexUrl: string;
  trail: Breadcrumb[];
}

export interface ChatMessage {
  from: string;
  text: string;
}

export interface ClientRoute {
  path: string;
  prefix?: boolean;
  redirect?: string;
  notFound?: boolean;
  data?: string;
}

export interface CollectionSection {
  collection: string;
  id?: string;
  heading: string;
  intro?: string;
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
  saved: string;
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
  limits: Limits;
  submit: string;
  sending: string;
  errors: FormMessages;
  errorSummary: string;
  success: Notice;
  failure: Notice;
  suspicious: Notice;
  requiredNote: string;
  privacy?: FormPrivacy;
  noScript: string;
  sent: SentPanel;
  queued: string;
  stalled: string;
  failed: string;
}

export interface ContactSection {
  heading?: string;
  intro?: string;
  submit?: string;
}

export interface Cue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

export interface Dashboard {
  label: string;
  title: string;
  status: string;
  stats: BlockStat[];
  chat: ChatMessage[];
}

export interface EnquiryProduct {
  id: string;
  label: string;
  pages?: string[];
}

export interface FAQItem {
  question: string;
  answer: string;
}

export interface FAQSection {
  eyebrow?: string;
  heading: string;
  intro: string;
  contactText: string;
  contact: Action;
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
  cookieSettingsQueued: string;
  cookieSettingsFailed: string;
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
  phoneHint?: string;
  companySize: string;
  sizePrompt: string;
  product: string;
  productPrompt: string;
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

export interface FormPrivacy {
  text: string;
  link: Action;
}

export interface Founder {
  name: string;
  title: string;
  bio: string;
  initials: string;
  linkedin: string;
  photo?: Image;
  profileLabel?: string;
}

export interface FoundersSection {
  eyebrow?: string;
  heading: string;
  statement: string;
  foundersTitle: string;
  missionTitle: string;
  missionText: string;
  moreLink: Action;
}

export interface Framework {
  name: string;
  status: string;
  auditor?: string;
  date?: string;
  target?: string;
}

export interface Head {
  title: string;
  description: string;
  keywords: string;
  url: string;
  canonical?: string;
  robots: string;
  jsonLD: string[];
}

export interface HeroSection {
  eyebrow: string;
  heading: string;
  intro: string;
  actions?: BlockAction[];
  highlights?: BlockStat[];
}

export interface HeroTag {
  label: string;
  icon: IconName;
  desktopOnly?: boolean;
}

export interface HomeHeroSection {
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
  srcset?: string;
  sources?: ImageSource[];
  color?: string;
  priority?: boolean;
  focus?: string;
}

export interface ImageSource {
  type: string;
  srcset: string;
}

export interface InfoItem {
  icon: IconName;
  label: string;
  text?: string;
  href?: string;
}

export interface Integration {
  name: string;
  category: string;
}

export interface IntegrationsSection {
  heading: string;
  intro: string;
  items: Integration[];
}

export interface LatestArticlesSection {
  id?: string;
  heading: string;
  intro?: string;
  count?: number;
  all: Action;
  articles: ArticleCard[];
}

export interface Layout {
  nav: Nav;
  footer: Footer;
  contactForm: ContactForm;
  floatingContact: FloatingContact;
  consent: Consent;
  ui: UI;
}

export interface Limits {
  minName: number;
  minPhone: number;
  minMessage: number;
  minFillMs: number;
  maxCampaign: number;
  campaignPattern: string;
  campaignKeys: string[];
}

export interface Logo {
  name: string;
  image: Image;
}

export interface LogosSection {
  title: string;
  logos: Logo[];
}

export interface MarkdownSection {
  body?: string;
  html: string;
  back?: Action;
}

export interface Nav {
  label: string;
  home: NavLink;
  items: NavItem[];
  demoLabel: string;
  contactLabel: string;
  menuLabel: string;
  openMenu: string;
  closeMenu: string;
}

export interface NavItem {
  label: string;
  href?: string;
  external?: boolean;
  items?: NavLink[];
}

export interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

export interface NotFoundSection {
  heading: string;
  text: string;
  returnHome: string;
  links?: NavLink[];
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

export interface PageBody {
  path: string;
  sections: Section[];
  collections: Collections;
}

export interface PageData {
  path: string;
  head: Head;
  sections: Section[];
  collections: Collections;
}

export interface PartnerGroup {
  icon: IconName;
  title: string;
  description: string;
  partners: string[];
}

export interface Product {
  icon: IconName;
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

export interface PulseDashboardSection {
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
  icon: IconName;
  title: string;
  description: string;
  downloadUrl?: string;
  category: string;
  action: BlockAction;
}

export interface ResourceLibrarySection {
  heading: string;
  intro: string;
  pending: string;
}

export interface RetentionPeriod {
  data: string;
  period: string;
}

export interface Review {
  company: string;
  reviewBody: string;
  ratingValue: number;
  datePublished: string;
  ratingLabel: string;
  dateText: string;
}

export interface ReviewsSection {
  id?: string;
  eyebrow?: string;
  heading: string;
  intro?: string;
}

export interface SEO {
  title: string;
  description: string;
  keywords: string[];
  image: string;
  imageAlt: string;
  themeColor: string;
  region: string;
  placename: string;
  speakable: string[];
}

export interface SampleCallSection {
  id?: string;
  heading: string;
  intro?: string;
  label: string;
  transcript: string;
  audio?: string;
  fallback?: string;
  cues: Cue[];
  audioType?: string;
  fallbackType?: string;
}

export interface Security {
  frameworks: Framework[];
  baa: string;
  hosting: string;
  subprocessors: Subprocessor[];
  retention: RetentionPeriod[];
  expiresAfterDays: number;
}

export interface SecurityLabels {
  frameworks: string;
  certified: string;
  certifiedNote: string;
  inProgress: string;
  inProgressNote: string;
  aligned: string;
  alignedNote: string;
  auditor: string;
  target: string;
  baa: string;
  baaAvailable: string;
  baaOnRequest: string;
  baaUnavailable: string;
  hosting: string;
  subprocessors: string;
  name: string;
  purpose: string;
  location: string;
  retention: string;
  contact: string;
}

export interface SecuritySection {
  heading: string;
  intro?: string;
  labels: SecurityLabels;
  record: Security;
  contact: string;
}

export interface SentPanel {
  title: string;
  text: string;
  steps: string[];
  again: string;
}

export interface Service {
  id: string;
  title: string;
  icon: IconName;
  description: string;
  details: string[];
  url: string;
}

export interface ServiceSection {
  service: Service;
  action: BlockAction;
  indexUrl: string;
  trail: Breadcrumb[];
}

export interface ServicesSection {
  id?: string;
  heading: string;
  intro?: string;
  openLabel: string;
  action: BlockAction;
}

export interface SiteConfig {
  brand: string;
  baseURL: string;
  language: string;
  demoEmail: string;
  securityEmail?: string;
  demoFormURL: string;
  demoHref: string;
  products?: EnquiryProduct[];
  contactEndpoint: string;
  analytics: Analytics;
  seo: SEO;
  organization: Organization;
  social: SocialProfile[];
  productSites: ProductSites;
  otherSites: Profile[];
  careersURL: string;
}

export interface SiteData {
  config: SiteConfig;
  layout: Layout;
  routesURL: string;
}

export interface SocialProfile {
  name: string;
  label: string;
  url: string;
  icon: IconName;
}

export interface StatsSection {
  heading: string;
  intro?: string;
  stats?: BlockStat[];
  results?: BlockStat[];
  note?: string;
}

export interface Subprocessor {
  name: string;
  purpose: string;
  location: string;
}

export interface TOCEntry {
  id: string;
  text: string;
}

export interface TagLink {
  tag: string;
  name: string;
  url: string;
}

export interface TextSection {
  heading: string;
  paragraphs: string[];
  facts?: BlockStat[];
}

export interface UI {
  close: string;
  notifications: string;
  dismiss: string;
  skipToContent: string;
  breadcrumbs: string;
  newTab: string;
  code: string;
}

export interface Value {
  icon: IconName;
  title: string;
  description: string;
}

export interface Webinar {
  title: string;
  date: string;
  time: string;
  timeZone: string;
  speaker: string;
  past: boolean;
  when: string;
  action: BlockAction;
  starts: string;
}

export interface WebinarsSection {
  heading: string;
  intro: string;
  speakerLabel: string;
  registerLabel: string;
  registerSubject: string;
  registerNote: string;
  noUpcoming: string;
  pastHeading: string;
  recordingLabel: string;
  recordingSubject: string;
}

/** Section is one section of a page, selected by its kind. */
export type Section =
  | ({ kind: "article" } & ArticleSection)
  | ({ kind: "article-index" } & ArticleIndexSection)
  | ({ kind: "business-lines" } & BusinessLinesSection)
  | ({ kind: "cards" } & CardsSection)
  | ({ kind: "case-studies" } & CaseStudiesSection)
  | ({ kind: "case-study" } & CaseStudySection)
  | ({ kind: "case-study-grid" } & CaseStudyGridSection)
  | ({ kind: "collection" } & CollectionSection)
  | ({ kind: "contact" } & ContactSection)
  | ({ kind: "cta" } & CTASection)
  | ({ kind: "faq" } & FAQSection)
  | ({ kind: "founders" } & FoundersSection)
  | ({ kind: "hero" } & HeroSection)
  | ({ kind: "home-hero" } & HomeHeroSection)
  | ({ kind: "integrations" } & IntegrationsSection)
  | ({ kind: "latest-articles" } & LatestArticlesSection)
  | ({ kind: "logos" } & LogosSection)
  | ({ kind: "markdown" } & MarkdownSection)
  | ({ kind: "not-found" } & NotFoundSection)
  | ({ kind: "pulse-dashboard" } & PulseDashboardSection)
  | ({ kind: "resource-library" } & ResourceLibrarySection)
  | ({ kind: "reviews" } & ReviewsSection)
  | ({ kind: "sample-call" } & SampleCallSection)
  | ({ kind: "security" } & SecuritySection)
  | ({ kind: "service" } & ServiceSection)
  | ({ kind: "services" } & ServicesSection)
  | ({ kind: "stats" } & StatsSection)
  | ({ kind: "text" } & TextSection)
  | ({ kind: "webinars" } & WebinarsSection)
;

export type SectionKind = Section["kind"];

/** SectionOf is the section of one kind. */
export type SectionOf<K extends SectionKind> = Extract<Section, { kind: K }>;

/** The collections a collection section can show. */
export type CardCollection = "values" | "partnerGroups" | "reviews";

/** The sizes of each place an image can sit (ImageSizes). */
export const imageSizes = {
  "article-card": "(min-width: 1248px) 384px, (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 48px)",
  "article-cover": "(min-width: 908px) 860px, calc(100vw - 48px)",
  avatar: "56px",
  card: "(min-width: 68.75em) and (min-width: 1232px) 270px, (min-width: 68.75em) calc((100vw - 120px) / 4), (min-width: 48em) calc((100vw - 72px) / 2), calc(100vw - 48px)",
  cover: "100vw",
  logo: "160px",
  story: "(min-width: 56.25em) and (min-width: 1232px) 429px, (min-width: 56.25em) calc((100vw - 128px) * 0.4), calc(100vw - 96px)",
  text: "(min-width: 800px) 752px, calc(100vw - 48px)",
} as const;

export type ImagePlace = keyof typeof imageSizes;
