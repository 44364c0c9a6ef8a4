import type { DomainDoc } from '../registry';
import { accountDoc } from './account';
import { adminDoc } from './admin';
import { analyticsDoc } from './analytics';
import { authDoc } from './auth';
import { blogDoc } from './blog';
import { discoveryDoc } from './discovery';
import { healthDoc } from './health';
import { interactionsDoc } from './interactions';
import { notificationsDoc } from './notifications';
import { premiumDoc } from './premium';
import { projectsDoc } from './projects';
import { reachDoc } from './reach';
import { reportsDoc } from './reports';
import { syncDoc } from './sync';
import { uploadsDoc } from './uploads';
import { usersDoc } from './users';

/** Every documented domain: a new domain is one file beside these and one line here. */
export const domainDocs: DomainDoc[] = [healthDoc, authDoc, accountDoc, usersDoc, discoveryDoc, projectsDoc, interactionsDoc, notificationsDoc, uploadsDoc, blogDoc, reportsDoc, adminDoc, syncDoc, premiumDoc, analyticsDoc, reachDoc];
