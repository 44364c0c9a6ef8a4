import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount, formatRating } from '@shared/format';
import type { TAnalyticsProject } from '@shared/schemas/analytics';

/** The creator's projects over the range, most viewed first. */
export function TopProjectsTable({ projects }: { projects: TAnalyticsProject[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Top projects" data-testid="top-projects">
        <TableHead>
          <TableRow>
            <TableCell scope="col">Project</TableCell>
            <TableCell scope="col" align="right">Views</TableCell>
            <TableCell scope="col" align="right">Likes</TableCell>
            <TableCell scope="col" align="right">Saves</TableCell>
            <TableCell scope="col" align="right">Comments</TableCell>
            <TableCell scope="col" align="right">Shares</TableCell>
            <TableCell scope="col" align="right">Rating</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {projects.map((p) => (
            <TableRow key={p.id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={`/project/${p.id}`}>
                  {p.title}
                </Link>
              </TableCell>
              <TableCell align="right">{formatCount(p.views)}</TableCell>
              <TableCell align="right">{formatCount(p.reactions)}</TableCell>
              <TableCell align="right">{formatCount(p.saves)}</TableCell>
              <TableCell align="right">{formatCount(p.comments)}</TableCell>
              <TableCell align="right">{formatCount(p.shares)}</TableCell>
              <TableCell align="right">{p.ratings > 0 ? `${formatRating(p.averageRating)} (${p.ratings})` : '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
