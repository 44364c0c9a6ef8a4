import { ComingSoon } from '@web/components/coming-soon';

export function MyProjectsPage() {
  return <ComingSoon title="My Projects" />;
}
