/** A mail as the transport sends it: text and HTML parts of one message. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per queued mail, so a resend after a crash is recognisably the same message. */
  messageId: string;
  headers?: Record<string, string>;
};

/** What a template renders: the subject and both parts. */
export type RenderedMail = Pick<MailMessage, 'subject' | 'text' | 'html'>;
