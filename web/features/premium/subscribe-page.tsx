import { ComingSoon } from '@web/components/coming-soon';

export function SubscribePage() {
  return <ComingSoon title="Premium" />;
}
