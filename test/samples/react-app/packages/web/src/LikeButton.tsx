import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useLikeStore } from './store.ts';

export default function LikeButton() {
  const likes = useLikeStore((state) => state.likes);
  const like = useLikeStore((state) => state.like);

  return (
    <button id="likes" className={clsx('like', likes > 0 && 'liked')} onClick={like}>
      <Heart size={16} aria-hidden="true" />
      <span>likes: {likes}</span>
    </button>
  );
}
