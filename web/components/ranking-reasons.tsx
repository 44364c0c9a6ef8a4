import { Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { WHY_SEEING_THIS, type TRankingReason } from '@shared/ranking-reasons';
import { lazyPart, WHEN_RENDERED } from '@web/lib/after-first-paint';

// Without a network (before the app was kept offline) it opens once the network is back.
const RankingReasonsPopover = lazyPart(() => import('./ranking-reasons-popover').then((m) => m.default), undefined, WHEN_RENDERED);

/** "Why am I seeing this?" on a ranked card: the reasons the server's ranking gave, as it gave them. */
export function RankingReasons({ reasons, projectTitle }: { reasons: readonly TRankingReason[]; projectTitle: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<InfoIcon fontSize="small" />}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? id : undefined}
        aria-label={`${WHY_SEEING_THIS} ${projectTitle}`}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ color: 'text.secondary', textTransform: 'none', fontSize: 12 }}
      >
        {WHY_SEEING_THIS}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <RankingReasonsPopover id={id} anchor={anchor} onClose={() => setAnchor(null)} reasons={reasons} />
        </Suspense>
      )}
    </>
  );
}
