/** Small inline icons (decorative: the link or button around them carries the text). */
type IconProps = { className?: string };

function Icon({ path, className }: IconProps & { path: string }) {
  return (
    <svg
      className={className ?? 'icon'}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

export const CartIcon = (props: IconProps) => (
  <Icon {...props} path="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01" />
);
export const PhoneIcon = (props: IconProps) => (
  <Icon
    {...props}
    path="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"
  />
);
export const MailIcon = (props: IconProps) => <Icon {...props} path="M3 5h18v14H3zM3 7l9 6 9-6" />;
export const UserIcon = (props: IconProps) => (
  <Icon {...props} path="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0" />
);
export const SearchIcon = (props: IconProps) => (
  <Icon {...props} path="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14M21 21l-5-5" />
);
export const MenuIcon = (props: IconProps) => <Icon {...props} path="M4 6h16M4 12h16M4 18h16" />;
export const CheckIcon = (props: IconProps) => <Icon {...props} path="M5 12l5 5L20 7" />;
export const CloseIcon = (props: IconProps) => <Icon {...props} path="M6 6l12 12M18 6L6 18" />;
export const ArrowUpIcon = (props: IconProps) => <Icon {...props} path="M12 19V5M5 12l7-7 7 7" />;
export const TagIcon = (props: IconProps) => (
  <Icon {...props} path="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9zM8 8h.01" />
);
