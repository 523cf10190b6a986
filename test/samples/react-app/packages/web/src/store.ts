import { create } from 'zustand';

interface LikeState {
  likes: number;
  like: () => void;
}

export const useLikeStore = create<LikeState>()((set) => ({
  likes: 0,
  like: () => set((state) => ({ likes: state.likes + 1 })),
}));
