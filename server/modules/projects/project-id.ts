import { PROJECT_MESSAGES } from '@shared/schemas/project';
import { serialIdParam } from '../../http/serial-id-param';

/** A project id route parameter; one that can name no project is 'Project not found'. */
export const projectIdParam = (raw: unknown): number => serialIdParam(raw, PROJECT_MESSAGES.notFound);
