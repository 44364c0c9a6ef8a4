import type { Category } from '@shared/constants';

// A small, realistic community: who they are, what they built, what they wrote.

export const DEMO_PASSWORD = 'buildboard-demo';

export type DemoUser = {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  handle: string;
  bio: string;
  location: string;
  isAdmin?: boolean;
  isPremium?: boolean;
  social?: [string, string][];
};

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'admin',
    email: 'admin@buildboard.dev',
    firstName: 'Morgan',
    lastName: 'Reyes',
    handle: 'morgan_admin',
    bio: 'Community lead at Buildboard. Ask me about the guidelines.',
    location: 'Lisbon',
    isAdmin: true,
  },
  {
    key: 'ada',
    email: 'ada@buildboard.dev',
    firstName: 'Ada',
    lastName: 'Okafor',
    handle: 'ada_codes',
    bio: 'Graphics nerd. WebGL, shaders and tiny games.',
    location: 'Lagos',
    isPremium: true,
    social: [
      ['github', 'https://github.com/ada-codes'],
      ['x', 'https://x.com/ada_codes'],
    ],
  },
  {
    key: 'linus',
    email: 'linus@buildboard.dev',
    firstName: 'Linus',
    lastName: 'Berg',
    handle: 'linusb',
    bio: 'Backend and DevOps. I automate the boring parts.',
    location: 'Stockholm',
    social: [['youtube', 'https://youtube.com/@linusb']],
  },
  {
    key: 'mei',
    email: 'mei@buildboard.dev',
    firstName: 'Mei',
    lastName: 'Tanaka',
    handle: 'mei_ml',
    bio: 'Machine learning for people who ship. Notebooks to products.',
    location: 'Osaka',
  },
  {
    key: 'sam',
    email: 'sam@buildboard.dev',
    firstName: 'Sam',
    lastName: 'Patel',
    handle: 'sampatel',
    bio: 'Mobile developer. React Native by day, Swift by night.',
    location: 'Toronto',
  },
];

export type DemoProject = {
  author: string;
  title: string;
  description: string;
  category: Category;
  projectUrl: string;
  tutorialUrl: string;
  timeSpent: number;
  timeUnit: 'hours' | 'days' | 'weeks' | 'months';
  cost: number;
  location?: string;
  daysAgo: number;
};

export const DEMO_PROJECTS: DemoProject[] = [
  {
    author: 'ada',
    title: 'Snake in WebGL',
    description: 'The classic snake game rendered with raw WebGL 2 shaders, no engine. Smooth 120 fps on a phone.',
    category: 'Game Development',
    projectUrl: 'https://example.com/snake-webgl',
    tutorialUrl: 'https://example.com/snake-webgl/tutorial',
    timeSpent: 3,
    timeUnit: 'weeks',
    cost: 0,
    daysAgo: 2,
  },
  {
    author: 'ada',
    title: 'React Shader Playground',
    description: 'Edit GLSL fragment shaders live in a React app with hot reload and shareable links.',
    category: 'Web Development',
    projectUrl: 'https://example.com/shader-playground',
    tutorialUrl: 'https://example.com/shader-playground/how',
    timeSpent: 2,
    timeUnit: 'months',
    cost: 1250,
    location: 'Lagos',
    daysAgo: 9,
  },
  {
    author: 'linus',
    title: 'Zero-Downtime Deploys with Blue/Green',
    description: 'A small CLI and a set of GitHub Actions that switch traffic between two environments safely.',
    category: 'DevOps',
    projectUrl: 'https://example.com/bluegreen',
    tutorialUrl: 'https://example.com/bluegreen/guide',
    timeSpent: 40,
    timeUnit: 'hours',
    cost: 0,
    daysAgo: 5,
  },
  {
    author: 'linus',
    title: 'Budget Tracker CLI',
    description: 'Track spending from bank CSV exports with rules, categories and monthly reports in the terminal.',
    category: 'Finance',
    projectUrl: 'https://example.com/budget-cli',
    tutorialUrl: 'https://example.com/budget-cli/readme',
    timeSpent: 10,
    timeUnit: 'days',
    cost: 499,
    daysAgo: 20,
  },
  {
    author: 'mei',
    title: 'Sentiment Analysis for Product Reviews',
    description: 'Fine-tuned a small transformer on review data; includes a React dashboard and a REST API.',
    category: 'AI/ML',
    projectUrl: 'https://example.com/sentiment',
    tutorialUrl: 'https://example.com/sentiment/notebook',
    timeSpent: 6,
    timeUnit: 'weeks',
    cost: 0,
    location: 'Osaka',
    daysAgo: 1,
  },
  {
    author: 'mei',
    title: 'City Bike Data Explorer',
    description: 'Interactive charts of a year of bike-share trips: peak hours, popular routes and weather effects.',
    category: 'Data Science',
    projectUrl: 'https://example.com/bike-data',
    tutorialUrl: 'https://example.com/bike-data/walkthrough',
    timeSpent: 12,
    timeUnit: 'days',
    cost: 0,
    daysAgo: 14,
  },
  {
    author: 'sam',
    title: 'Habit Tracker for iOS and Android',
    description: 'A React Native habit tracker with streaks, reminders and offline sync.',
    category: 'Mobile Development',
    projectUrl: 'https://example.com/habits',
    tutorialUrl: 'https://example.com/habits/tutorial',
    timeSpent: 3,
    timeUnit: 'months',
    cost: 299,
    location: 'Toronto',
    daysAgo: 4,
  },
  {
    author: 'sam',
    title: 'Markdown Notes Desktop App',
    description: 'An Electron notes app with Markdown preview, full-text search and a distraction-free mode.',
    category: 'Desktop Apps',
    projectUrl: 'https://example.com/md-notes',
    tutorialUrl: 'https://example.com/md-notes/build',
    timeSpent: 5,
    timeUnit: 'weeks',
    cost: 0,
    daysAgo: 30,
  },
];

export const DEMO_FOLLOWS: [string, string][] = [
  ['linus', 'ada'],
  ['mei', 'ada'],
  ['sam', 'ada'],
  ['ada', 'mei'],
  ['sam', 'linus'],
  ['admin', 'sam'],
];

/** [user, project title, rating, comment?] */
export const DEMO_ENGAGEMENT: [string, string, number, string?][] = [
  ['linus', 'Snake in WebGL', 5, 'The shader tricks for the trail are brilliant. Mind sharing the blur pass?'],
  ['mei', 'Snake in WebGL', 4, 'Runs perfectly on my old laptop. Nice work!'],
  ['sam', 'Snake in WebGL', 5],
  ['ada', 'Sentiment Analysis for Product Reviews', 5, 'Great write-up of the fine-tuning steps. Bookmarked.'],
  ['linus', 'Sentiment Analysis for Product Reviews', 4],
  ['sam', 'Zero-Downtime Deploys with Blue/Green', 4, 'We adopted this at work. The rollback step saved us once already.'],
  ['ada', 'Habit Tracker for iOS and Android', 4, 'Love the streak animation. Is the sync conflict-free?'],
  ['mei', 'React Shader Playground', 5],
  ['linus', 'City Bike Data Explorer', 3, 'Would love a dark theme for the charts.'],
  ['admin', 'Markdown Notes Desktop App', 4],
];

export const DEMO_SHARES: [string, string][] = [
  ['linus', 'Sentiment Analysis for Product Reviews'],
  ['ada', 'Zero-Downtime Deploys with Blue/Green'],
];

export const DEMO_BLOG_POSTS = [
  {
    slug: 'welcome-to-buildboard',
    title: 'Welcome to Buildboard',
    excerpt: 'Why we built a home for the projects developers are proud of, and what comes next.',
    content:
      'Buildboard is a place to show what you build.\n\nPublish a project with a thumbnail, a category and a tutorial link, host it with us or link to it, and let the community react, save, comment and rate.\n\nWe would love to hear what you think.',
    daysAgo: 10,
  },
  {
    slug: 'writing-a-great-project-page',
    title: 'Writing a Great Project Page',
    excerpt: 'Five habits of the most-saved projects on Buildboard.',
    content:
      '1. A thumbnail that shows the thing itself.\n2. A first sentence that says what it does.\n3. A tutorial link, even a short one.\n4. Honest time spent.\n5. Answer your comments.',
    daysAgo: 3,
  },
  {
    slug: 'native-hosting-is-here',
    title: 'Native Hosting Is Here',
    excerpt: 'Upload your HTML, CSS and JavaScript and we host it for you, safely sandboxed.',
    content:
      'You can now upload up to 20 files per project and we serve them from an isolated origin.\n\nScripts in hosted projects never see your session.',
    daysAgo: 1,
  },
];

export const DEMO_REPORTS = [
  { reporter: 'sam', project: 'Budget Tracker CLI', reason: 'Spam', description: 'The tutorial link looks like an ad.' },
  { reporter: 'mei', project: 'Markdown Notes Desktop App', reason: 'Copyright', description: undefined },
];
