import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '@shared/constants';
import { SIGN_OUT_URL } from '@web/api/auth/auth-pages';

/** The blog's header: the product name plus 'Blog', and a Sign Out link. */
export function BlogHeader() {
  return (
    <Stack direction="row" component="header" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
        {`${APP_NAME} Blog`}
      </Typography>
      <Link href={SIGN_OUT_URL}>Sign Out</Link>
    </Stack>
  );
}
