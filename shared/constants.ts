// Every limit and constant of the product, in one place, so server, web and desktop agree. Imported by all three.

export const APP_NAME = 'Buildboard';

// Premium
export const PREMIUM_PRICE_USD = 9;
export const VISIBILITY_BOOST = 3;

// Legal
export const MINIMUM_AGE = 13;
export const ACCOUNT_DELETION_DAYS = 30;
export const BREACH_NOTICE_HOURS = 72;
export const IP_RESPONSE_HOURS_MIN = 24;
export const IP_RESPONSE_HOURS_MAX = 48;

// Uploads
export const MAX_PROJECT_FILES = 20;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Uploaded images are re-encoded no larger than this on their longest side (pixels). */
export const MAX_IMAGE_EDGE = 2560;
/** WebP variant widths served for ?w= (thumbnails, avatars, banners). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;

// Profile
export const DISPLAY_NAME_MAX = 50;
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 20;
export const BIO_MAX = 160;
export const LOCATION_MAX = 30;

// Accounts
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** How long the links sent by mail work: verifying an address, resetting a password. */
export const VERIFY_EMAIL_LINK_HOURS = 24;
export const RESET_PASSWORD_LINK_MINUTES = 60;
/** How long a "Download my data" archive stays downloadable. */
export const DATA_EXPORT_KEEP_DAYS = 7;

// Content
export const COMMENT_MAX = 5000;
export const SEARCH_QUERY_MAX = 200;

// Feeds
export const PAGE_SIZE = 8;
export const INITIAL_OFFSET = 8;
export const INFINITE_SCROLL_TRIGGER_PX = 1000;
export const RECOMMENDED_LIMIT_MAX = 50;
export const RECOMMENDED_OFFSET_MAX = 1000;
export const RECOMMENDED_SIDEBAR_MAX = 8;

// Carousel
export const CAROUSEL_STEP_PX = 320;
export const CAROUSEL_CARD_WIDTH = '20rem';
export const CAROUSEL_ARROW_TOLERANCE_PX = 10;

// Skeleton counts
export const SKELETONS = {
  carousel: 5,
  recommendedGrid: 8,
  blogList: 3,
  profileProjects: 6,
  saved: 8,
  notifications: 5,
} as const;

// Timing (ms)
export const SUCCESS_PAGE_COUNTDOWN_S = 5;
export const PAYMENT_REDIRECT_DELAY_MS = 1500;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const PREMIUM_LOGIN_REDIRECT_DELAY_MS = 2000;

// Toasts
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = 'F8';
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;

// Blog form (display only)
export const BLOG_EXCERPT_ROWS = 3;
export const BLOG_CONTENT_ROWS = 8;

// Views are counted at most once per viewer per project in this window.
export const VIEW_THROTTLE_MS = 60 * 60 * 1000;

export const TIME_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export const HOSTING_TYPES = ['native', 'external'] as const;

export const SOCIAL_PLATFORMS = [
  'x',
  'youtube',
  'instagram',
  'tiktok',
  'twitch',
  'facebook',
  'snapchat',
  'rumble',
  'truthsocial',
  'reddit',
  'discord',
  'signal',
  'telegram',
  'github',
] as const;

export const NATIVE_FILE_EXTENSIONS = [
  'html',
  'css',
  'js',
  'json',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'woff',
  'woff2',
] as const;

/**
 * Canonical project categories (the create form's list, plus Design and Other so that every value of
 * the edit form's list has a home). See docs/decisions.md.
 */
export const CATEGORIES = [
  'Web Development',
  'Mobile Development',
  'AI/ML',
  'Game Development',
  'Desktop Apps',
  'Data Science',
  'DevOps',
  'Finance',
  'Design',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The edit form's values of the original product, mapped to the canonical list. */
export const CATEGORY_ALIASES: Record<string, Category> = {
  web: 'Web Development',
  mobile: 'Mobile Development',
  game: 'Game Development',
  ai: 'AI/ML',
  data: 'Data Science',
  design: 'Design',
  other: 'Other',
};

/** How many of the newest notifications 'Recent Activity' lists (the server's list and the offline copy). */
export const NOTIFICATIONS_LIMIT = 100;
