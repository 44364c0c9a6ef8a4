import { ACCOUNT_DELETION_DAYS, BREACH_NOTICE_HOURS, MINIMUM_AGE } from '@shared/constants';
import { LegalLayout, LegalSection, P } from './legal-layout';

export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" lastUpdated="November 1, 2026">
      <LegalSection title="1. Who we are">
        <P>
          This Privacy Policy explains how Buildboard collects, uses and protects personal information when you use
          our website, desktop app and related services.
        </P>
      </LegalSection>

      <LegalSection title="2. Information we collect">
        <ul>
          <li>Account information: your email address, name, handle, profile picture, bio, location and social links.</li>
          <li>Content you publish: projects, files, comments, ratings, reactions and blog interactions.</li>
          <li>Usage information: pages viewed, searches, follows and saves, used to improve recommendations.</li>
          <li>
            Payment information: premium payments are processed by our card payment provider; we never store your
            full card number.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. How we use your information">
        <P>
          We use your information to run the service, show your public profile and projects, personalize
          recommendations, send notifications you ask for, process payments, keep the community safe and comply with
          the law. We do not sell your personal information.
        </P>
      </LegalSection>

      <LegalSection title="4. Sharing">
        <P>
          Your profile and published projects are public. We share personal information only with service providers
          who help us operate Buildboard (such as hosting and payments), under contracts that protect it, or when the
          law requires us to.
        </P>
      </LegalSection>

      <LegalSection title="5. Retention and deletion">
        <P>
          {'We keep your information for as long as your account is open. When you close your account, your ' +
            `personal data is typically deleted within ${ACCOUNT_DELETION_DAYS} days of closure, except where we ` +
            'must keep some records to meet legal obligations.'}
        </P>
      </LegalSection>

      <LegalSection title="6. Security">
        <P>
          We protect your information with encryption in transit, hashed passwords and restricted access to our
          systems. No system is perfectly secure, however.
        </P>
        <P>
          {'If a data breach affects your personal information, we will notify you and the relevant authorities ' +
            `without undue delay, typically within ${BREACH_NOTICE_HOURS} hours of becoming aware of it.`}
        </P>
      </LegalSection>

      <LegalSection title="7. Your rights">
        <P>
          Depending on where you live, you may have the right to access, correct, export or delete your personal
          information, and to object to certain processing. You can edit most information from your profile, or
          contact us to exercise these rights.
        </P>
      </LegalSection>

      <LegalSection title="8. Children">
        <P>
          {`You must be at least ${MINIMUM_AGE} years old to use Buildboard. We do not knowingly collect personal ` +
            `information from children under ${MINIMUM_AGE}; if we learn that we have, we will delete it.`}
        </P>
      </LegalSection>

      <LegalSection title="9. Changes to this policy">
        <P>
          We may update this policy from time to time. When we make material changes we will notify you, and the
          date at the top of this page will change.
        </P>
      </LegalSection>
    </LegalLayout>
  );
}
