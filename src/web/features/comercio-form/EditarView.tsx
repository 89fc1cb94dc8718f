// Entry point of this owner view; its implementation lands in this session's owner-UI work.
export default function EditarView(_props: { id: number }) {
  return null;
}
