// packages/app/main/Card.module.css
var Card_module_default = {
	"card": "_card_Wb4SW",
	"title": "_title_yMN8x"
};
// packages/app/main/index.ts
const card = document.createElement("section");
card.id = "card";
card.className = `${Card_module_default.card} p-4`;
const title = document.createElement("h1");
title.id = "title";
title.className = `${Card_module_default.title} font-bold`;
title.textContent = "Styled by Tailwind and a CSS Module";
card.append(title);
document.querySelector("#app").append(card);

//# sourceMappingURL=<inline map>
