import { ComingSoon } from '@web/components/coming-soon';

export function SubscribeSuccessPage() {
  return <ComingSoon title="Welcome to Premium" />;
}
