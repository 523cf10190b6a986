import './index.css';
import styles from './Card.module.css';

const card = document.createElement('section');
card.id = 'card';
card.className = `${styles.card} p-4`;
const title = document.createElement('h1');
title.id = 'title';
title.className = `${styles.title} font-bold`;
title.textContent = 'Styled by Tailwind and a CSS Module';
card.append(title);
document.querySelector('#app')!.append(card);
