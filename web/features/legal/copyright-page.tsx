import { IP_RESPONSE_HOURS_MAX, IP_RESPONSE_HOURS_MIN } from '@shared/constants';
import { LegalLayout, LegalSection, P } from './legal-layout';

export function CopyrightPage() {
  return (
    <LegalLayout title="Copyright & IP" lastUpdated="November 1, 2026">
      <LegalSection title="1. Respecting intellectual property">
        <P>
          Buildboard respects the intellectual property of others and expects its members to do the same. You may
          only publish projects, code, images and other material that you created or have permission to share, and
          you must respect the license terms of any open-source code you include.
        </P>
      </LegalSection>

      <LegalSection title="2. Reporting infringement (DMCA notice)">
        <P>
          If you believe content on Buildboard infringes your copyright or other intellectual property, send us a
          written notice that includes:
        </P>
        <ol>
          <li>your physical or electronic signature, as the owner or someone authorized to act for the owner;</li>
          <li>a description of the copyrighted work or other intellectual property you claim is infringed;</li>
          <li>the URL of each project or comment on Buildboard that you claim is infringing;</li>
          <li>your name, address, telephone number and email address;</li>
          <li>a statement that you have a good-faith belief that the use is not authorized by the owner, its agent or the law;</li>
          <li>
            a statement, under penalty of perjury, that the information in your notice is accurate and that you are
            the owner or authorized to act for the owner.
          </li>
        </ol>
        <P>
          {`We review every complete notice and respond within ${IP_RESPONSE_HOURS_MIN} to ${IP_RESPONSE_HOURS_MAX} ` +
            'hours. When a notice is valid we remove or disable access to the material and tell the member who ' +
            'posted it.'}
        </P>
      </LegalSection>

      <LegalSection title="3. Counter-notice">
        <P>
          If your content was removed and you believe this was a mistake or misidentification, you may send a
          counter-notice with your signature, the removed material and where it appeared, a statement under penalty
          of perjury that you believe in good faith it was removed by mistake, and your consent to the jurisdiction
          of the appropriate court. We may restore the material unless the complainant tells us they have filed a
          legal action.
        </P>
      </LegalSection>

      <LegalSection title="4. Repeat infringers">
        <P>
          We suspend or terminate the accounts of members who repeatedly infringe the intellectual property of
          others.
        </P>
      </LegalSection>

      <LegalSection title="5. Trademarks">
        <P>
          Buildboard and its logo are trademarks of Buildboard. Do not use them in a way that suggests endorsement
          or causes confusion without our written permission.
        </P>
      </LegalSection>
    </LegalLayout>
  );
}
