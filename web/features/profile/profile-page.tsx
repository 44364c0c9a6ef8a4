import { ComingSoon } from '@web/components/coming-soon';

export function ProfilePage() {
  return <ComingSoon title="Profile" />;
}
