import { ComingSoon } from '@web/components/coming-soon';

export function SavedPage() {
  return <ComingSoon title="Saved Projects" />;
}
