import type { RequestHandler } from 'express';
import { MESSAGES } from '@shared/errors';
import { containsNul } from '@shared/text-input';
import { AppError } from '../errors';

/**
 * The one check for NUL characters in what a route reads: the decoded path, the query and the JSON body
 * (multipart fields and file names go through `parse` and the multipart helper). 400, never a 500 from
 * the database refusing the byte.
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.path) || containsNul(req.query) || containsNul(req.body)) {
    throw AppError.validation(MESSAGES.nulCharacter);
  }
  next();
};
