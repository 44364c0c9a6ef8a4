import Link from '@mui/material/Link';

/** The id of each layout's main region, the target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the Tab order: hidden until focused, it jumps past the navigation to the content. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(e) => {
        // Moves focus too (not just the scroll position), whatever the router does with the hash.
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 4,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Link>
  );
}
