import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { avatarLetterOf, displayNameOf, isImageUrl, type NameParts } from '@shared/format';

/** The profile image when it is an http(s) address or one of our uploads (never a script URL), else the fallback letter. */
export function UserAvatar({ user, ...props }: { user: NameParts | null | undefined } & AvatarProps) {
  const src = user?.profileImageUrl;
  const usable = isImageUrl(src);
  return (
    <Avatar alt={displayNameOf(user)} src={usable ? (src ?? undefined) : undefined} {...props}>
      {avatarLetterOf(user)}
    </Avatar>
  );
}
