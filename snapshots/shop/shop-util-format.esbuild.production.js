function o(r,n){let t=10**n;return Math.sign(r)*Math.round(Math.abs(r)*t)/t}function a(r,n="$"){return`${n}${o(r/100,2).toFixed(2)}`}export{a as formatPrice};
