// zod with the default messages the spec quotes ('Required', 'String must contain at most N character(s)').
// Every shared schema imports z from here so server and web produce the same texts.
import { z } from 'zod';

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
    if (issue.code === 'too_big' && issue.origin === 'string')
      return `String must contain at most ${String(issue.maximum)} character(s)`;
    if (issue.code === 'too_small' && issue.origin === 'string')
      return `String must contain at least ${String(issue.minimum)} character(s)`;
    return undefined;
  },
});

export { z };
