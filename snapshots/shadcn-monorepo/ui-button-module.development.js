// The stylesheet packages/ui/src/styles/button.module.css: the page links it (…/styles/button.module.css); importing it runs nothing.
export const button = "_button_kH312";
export const label = "_label_7SGJs";
export default {"button":"_button_kH312","label":"_label_7SGJs"};

//# sourceMappingURL=<inline map>
