import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { RANKING_REASON_LABELS, WHY_SEEING_THIS, type TRankingReason } from '@shared/schemas/ranking-reason';

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
      <Popover
        id={id}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': WHY_SEEING_THIS, sx: { p: 1.5, maxWidth: 280 } } }}
      >
        <Typography variant="subtitle2">{WHY_SEEING_THIS}</Typography>
        <List dense disablePadding data-testid="ranking-reasons">
          {reasons.map((r) => (
            <ListItem key={r} disableGutters>
              <Typography variant="body2">{RANKING_REASON_LABELS[r]}</Typography>
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
