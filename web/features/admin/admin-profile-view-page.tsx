import { ComingSoon } from '@web/components/coming-soon';

export function AdminProfileViewPage() {
  return <ComingSoon title="User Profile" />;
}
