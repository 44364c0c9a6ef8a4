import { ComingSoon } from '@web/components/coming-soon';

export function NotificationsPage() {
  return <ComingSoon title="Recent Activity" />;
}
