import { MINIMUM_AGE, PREMIUM_PRICE_USD, VISIBILITY_BOOST } from '@shared/constants';
import { LegalLayout, LegalSection, P } from './legal-layout';

export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service" lastUpdated="November 1, 2026">
      <LegalSection title="1. Acceptance of these terms">
        <P>
          These Terms of Service govern your use of Buildboard, including the website, the desktop app and every
          related service. By creating an account or using Buildboard you agree to these terms and to our Privacy
          Policy. If you do not agree, please do not use the service.
        </P>
      </LegalSection>

      <LegalSection title="2. Eligibility and accounts">
        <P>{`You must be at least ${MINIMUM_AGE} years old to create an account or use Buildboard.`}</P>
        <P>
          You are responsible for the activity on your account and for keeping your sign-in credentials secure.
          Provide accurate information and tell us promptly about any unauthorized use of your account.
        </P>
      </LegalSection>

      <LegalSection title="3. Your content">
        <P>
          You keep ownership of the projects, comments and other content you publish. By publishing, you grant
          Buildboard a worldwide, non-exclusive, royalty-free license to host, display, reproduce and distribute that
          content for the purpose of operating and promoting the service.
        </P>
        <P>
          You confirm that you have the rights to everything you upload, and that it does not infringe the
          intellectual property or privacy of anyone else.
        </P>
      </LegalSection>

      <LegalSection title="4. Acceptable use">
        <P>When using Buildboard you agree not to:</P>
        <ul>
          <li>upload malware, or code designed to harm visitors, devices or networks;</li>
          <li>harass, threaten or impersonate other people;</li>
          <li>post spam, misleading content or content that is illegal where you live;</li>
          <li>scrape, overload or attempt to gain unauthorized access to the service.</li>
        </ul>
        <P>We may remove content or suspend accounts that break these rules.</P>
      </LegalSection>

      <LegalSection title="5. Premium subscription">
        <P>
          {`Premium is billed monthly at $${PREMIUM_PRICE_USD} USD per month through our card payment provider. ` +
            'The subscription renews automatically each month until you cancel it.'}
        </P>
        <P>
          {`Premium benefits include a ${VISIBILITY_BOOST}x visibility boost in recommendations and trending feeds, ` +
            'priority placement in search, a premium badge and advanced analytics.'}
        </P>
        <P>
          You can cancel at any time from your account. After cancelling you keep premium access until the end of
          the current billing period, and you will not be charged again.
        </P>
        <P>
          Refunds are generally not provided for partial months, except where required by applicable law.
        </P>
      </LegalSection>

      <LegalSection title="6. Termination">
        <P>
          You may close your account at any time. We may suspend or terminate accounts that violate these terms,
          and we will try to tell you why when we do.
        </P>
      </LegalSection>

      <LegalSection title="7. Disclaimers and liability">
        <P>
          Buildboard is provided “as is” without warranties of any kind. Projects are published by members, and we
          do not guarantee that they are accurate, safe or fit for any purpose. To the extent permitted by law, our
          liability is limited to the amount you paid us in the twelve months before the claim.
        </P>
      </LegalSection>

      <LegalSection title="8. Changes to these terms">
        <P>
          We may update these terms from time to time. When we make material changes we will notify you, and the
          date at the top of this page will change. Continuing to use Buildboard means you accept the updated terms.
        </P>
      </LegalSection>
    </LegalLayout>
  );
}
