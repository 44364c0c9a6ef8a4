import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount } from '@shared/format';
import { VIEW_SOURCE_LABELS, type TViewSourceCount } from '@shared/schemas/reach';

export const NO_VIEW_SOURCES = 'No views in this period yet';

/** What a source row is called: the kind, or another site's host ("Other sites" for the rest of them). */
export function viewSourceLabel(s: TViewSourceCount): string {
  return s.source === 'site' && s.domain ? s.domain : VIEW_SOURCE_LABELS[s.source];
}

/** Where the range's views came from, most first, as the server counted them. */
export function ViewSourcesTable({ sources }: { sources: TViewSourceCount[] }) {
  if (sources.length === 0) return <Typography color="textSecondary">{NO_VIEW_SOURCES}</Typography>;
  const total = sources.reduce((n, s) => n + s.views, 0);
  return (
    <TableContainer>
      <Table size="small" aria-label="Views by source" data-testid="view-sources">
        <TableHead>
          <TableRow>
            <TableCell scope="col">Source</TableCell>
            <TableCell scope="col" align="right">Views</TableCell>
            <TableCell scope="col" align="right">Share</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sources.map((s) => (
            <TableRow key={`${s.source}:${s.domain ?? ''}`}>
              <TableCell component="th" scope="row">
                {viewSourceLabel(s)}
              </TableCell>
              <TableCell align="right">{formatCount(s.views)}</TableCell>
              <TableCell align="right">{`${Math.round((s.views / total) * 100)}%`}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
