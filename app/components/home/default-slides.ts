import { HERO_SLIDE_PROMPT } from "~/lib/example-prompts";
import type { HeroSlide } from "./hero-slideshow";

/**
 * The hero's built-in slides: painted entirely with SVG and gradients (no image files, no network).
 * They show until admin-managed slideshow backgrounds exist, and stay as the fallback after.
 */

/** A CSS `url()` holding an SVG document, scaled to cover the slide. */
function svgLayer(markup: string): string {
  return `url("data:image/svg+xml,${encodeURIComponent(markup.replace(/\s+/g, " ").trim())}") center / cover no-repeat`;
}

const SVG_OPEN = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1600 900' preserveAspectRatio='xMidYMid slice'>`;

const dusk = `${SVG_OPEN}
  <defs>
    <linearGradient id='sky' x1='0' y1='0' x2='0' y2='1'>
      <stop offset='0' stop-color='#2a1446'/><stop offset='.42' stop-color='#a3345f'/>
      <stop offset='.7' stop-color='#ee8550'/><stop offset='1' stop-color='#f8cf7c'/>
    </linearGradient>
    <radialGradient id='glow'><stop offset='0' stop-color='#fff2d2'/><stop offset='.35' stop-color='#ffd07a' stop-opacity='.8'/><stop offset='1' stop-color='#ffb86b' stop-opacity='0'/></radialGradient>
    <linearGradient id='d1' x1='0' y1='0' x2='0' y2='1'><stop offset='0' stop-color='#e07a4f'/><stop offset='1' stop-color='#c4534b'/></linearGradient>
    <linearGradient id='d2' x1='0' y1='0' x2='0' y2='1'><stop offset='0' stop-color='#b5445a'/><stop offset='1' stop-color='#8a2d55'/></linearGradient>
    <linearGradient id='d3' x1='0' y1='0' x2='0' y2='1'><stop offset='0' stop-color='#6a2457'/><stop offset='1' stop-color='#3f1746'/></linearGradient>
  </defs>
  <rect width='1600' height='900' fill='url(#sky)'/>
  <g fill='#fff' opacity='.5'>
    <circle cx='980' cy='90' r='1.6'/><circle cx='1240' cy='60' r='1.2'/><circle cx='1420' cy='140' r='1.8'/>
    <circle cx='760' cy='150' r='1.1'/><circle cx='1510' cy='40' r='1.3'/><circle cx='1100' cy='180' r='1'/>
  </g>
  <circle cx='1130' cy='540' r='330' fill='url(#glow)'/>
  <circle cx='1130' cy='540' r='118' fill='#fff0cc'/>
  <g fill='none' stroke='#fbe3c0' stroke-width='1.5' opacity='.35'>
    <path d='M560 300 C 760 270, 980 330, 1600 250'/><path d='M420 360 C 700 330, 1000 390, 1600 330'/>
  </g>
  <path d='M0 610 C 280 540 520 660 820 600 S 1320 480 1600 570 V900 H0Z' fill='url(#d1)'/>
  <path d='M0 690 C 260 630 600 730 900 670 S 1380 600 1600 670 V900 H0Z' fill='url(#d2)'/>
  <path d='M0 785 C 400 705 700 830 1060 765 S 1450 720 1600 760 V900 H0Z' fill='url(#d3)'/>
  <path d='M0 865 C 500 805 900 905 1600 845 V900 H0Z' fill='#26102f'/>
  <g fill='none' stroke='#2b1233' stroke-width='3' stroke-linecap='round' opacity='.7'>
    <path d='M1270 330 q 12 -10 24 0 q 12 -10 24 0'/><path d='M1330 372 q 9 -8 18 0 q 9 -8 18 0'/><path d='M1212 388 q 8 -7 16 0 q 8 -7 16 0'/>
  </g>
</svg>`;

const tide = `${SVG_OPEN}
  <defs>
    <linearGradient id='sky' x1='0' y1='0' x2='0' y2='1'>
      <stop offset='0' stop-color='#0d0a24'/><stop offset='.5' stop-color='#2c1a66'/><stop offset='.62' stop-color='#6d3fd6'/>
      <stop offset='.63' stop-color='#24164f'/><stop offset='1' stop-color='#0b0820'/>
    </linearGradient>
    <radialGradient id='halo'><stop offset='0' stop-color='#e9ddff' stop-opacity='.9'/><stop offset='.3' stop-color='#b59bff' stop-opacity='.35'/><stop offset='1' stop-color='#6d3fd6' stop-opacity='0'/></radialGradient>
  </defs>
  <rect width='1600' height='900' fill='url(#sky)'/>
  <g fill='#fff'>
    <circle cx='640' cy='80' r='1.4' opacity='.8'/><circle cx='820' cy='160' r='1' opacity='.6'/><circle cx='900' cy='60' r='1.8' opacity='.9'/>
    <circle cx='1010' cy='230' r='1.2' opacity='.7'/><circle cx='1480' cy='90' r='1.5' opacity='.8'/><circle cx='1540' cy='300' r='1' opacity='.5'/>
    <circle cx='720' cy='300' r='1.1' opacity='.5'/><circle cx='1380' cy='380' r='1.2' opacity='.6'/><circle cx='560' cy='200' r='1' opacity='.5'/>
    <circle cx='1060' cy='120' r='1' opacity='.7'/><circle cx='1300' cy='40' r='1.3' opacity='.8'/>
  </g>
  <circle cx='1180' cy='250' r='300' fill='url(#halo)'/>
  <circle cx='1180' cy='250' r='92' fill='#f3ecff'/>
  <circle cx='1150' cy='232' r='14' fill='#ded2fb'/><circle cx='1210' cy='278' r='9' fill='#ded2fb'/><circle cx='1196' cy='218' r='6' fill='#ded2fb'/>
  <g stroke='#efe6ff' stroke-linecap='round' opacity='.75'>
    <path d='M1120 580 h120' stroke-width='5'/><path d='M1090 612 h170' stroke-width='4'/><path d='M1130 646 h95' stroke-width='4'/>
    <path d='M1070 690 h210' stroke-width='3' opacity='.7'/><path d='M1140 736 h70' stroke-width='3' opacity='.6'/><path d='M1060 790 h160' stroke-width='2' opacity='.5'/>
  </g>
  <g fill='none' stroke='#9d84f0' stroke-width='2' opacity='.45'>
    <path d='M0 600 q 50 -14 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0'/>
    <path d='M-40 660 q 60 -16 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0'/>
    <path d='M0 730 q 70 -20 140 0 t 140 0 t 140 0 t 140 0 t 140 0 t 140 0 t 140 0 t 140 0 t 140 0 t 140 0 t 140 0 t 140 0'/>
    <path d='M-60 820 q 90 -24 180 0 t 180 0 t 180 0 t 180 0 t 180 0 t 180 0 t 180 0 t 180 0 t 180 0 t 180 0'/>
  </g>
  <path d='M1400 570 l 60 -4 l 8 -40 l 6 40 l 50 4 z' fill='#140d33'/>
</svg>`;

const garden = `${SVG_OPEN}
  <defs>
    <radialGradient id='bg' cx='.75' cy='.4' r='.9'><stop offset='0' stop-color='#2f6b4f'/><stop offset='.6' stop-color='#163c2e'/><stop offset='1' stop-color='#0c241c'/></radialGradient>
    <radialGradient id='bloomA'><stop offset='0' stop-color='#ffd9a0'/><stop offset='.55' stop-color='#f28b66'/><stop offset='1' stop-color='#d2506a'/></radialGradient>
    <radialGradient id='bloomB'><stop offset='0' stop-color='#ffe9c7'/><stop offset='.6' stop-color='#f3b14a'/><stop offset='1' stop-color='#e07a2f'/></radialGradient>
    <radialGradient id='bloomC'><stop offset='0' stop-color='#fbe1ff'/><stop offset='.6' stop-color='#d98ad6'/><stop offset='1' stop-color='#9c4fb8'/></radialGradient>
    <g id='petals'><ellipse cx='0' cy='-46' rx='26' ry='46'/><ellipse cx='0' cy='-46' rx='26' ry='46' transform='rotate(72)'/><ellipse cx='0' cy='-46' rx='26' ry='46' transform='rotate(144)'/><ellipse cx='0' cy='-46' rx='26' ry='46' transform='rotate(216)'/><ellipse cx='0' cy='-46' rx='26' ry='46' transform='rotate(288)'/></g>
  </defs>
  <rect width='1600' height='900' fill='url(#bg)'/>
  <g fill='#3f8a63' opacity='.9'>
    <path d='M1000 900 C 980 700 1040 560 1160 470 C 1120 620 1090 760 1060 900Z'/>
    <path d='M1180 900 C 1200 720 1300 600 1460 560 C 1360 660 1270 780 1250 900Z' fill='#2f7552'/>
    <path d='M880 900 C 860 780 780 690 660 650 C 760 740 820 820 830 900Z' fill='#2a6a4b'/>
  </g>
  <g fill='none' stroke='#78b98f' stroke-width='4' stroke-linecap='round' opacity='.8'>
    <path d='M1250 900 C 1240 760 1260 600 1330 430'/><path d='M1090 900 C 1100 760 1060 640 990 520'/>
    <path d='M1420 900 C 1430 800 1480 700 1540 640'/><path d='M1330 600 q 50 -40 110 -30'/><path d='M1060 680 q -60 -30 -120 -10'/>
  </g>
  <g fill='#58a878' opacity='.85'>
    <ellipse cx='1400' cy='560' rx='60' ry='20' transform='rotate(-25 1400 560)'/>
    <ellipse cx='930' cy='660' rx='58' ry='18' transform='rotate(20 930 660)'/>
    <ellipse cx='1290' cy='520' rx='50' ry='16' transform='rotate(-50 1290 520)'/>
  </g>
  <g transform='translate(1330 400)'><use href='#petals' fill='url(#bloomA)'/><circle r='22' fill='#7a2e45'/><circle r='10' fill='#ffcf8a'/></g>
  <g transform='translate(990 500) scale(.8) rotate(20)'><use href='#petals' fill='url(#bloomB)'/><circle r='22' fill='#8a4a1c'/><circle r='9' fill='#fff0c8'/></g>
  <g transform='translate(1540 630) scale(.65) rotate(10)'><use href='#petals' fill='url(#bloomC)'/><circle r='22' fill='#5b2a6e'/></g>
  <g transform='translate(1180 230) scale(.45) rotate(35)' opacity='.85'><use href='#petals' fill='url(#bloomC)'/><circle r='22' fill='#5b2a6e'/></g>
  <g fill='#cfe9d6' opacity='.55'>
    <circle cx='820' cy='180' r='4'/><circle cx='1460' cy='260' r='3'/><circle cx='1100' cy='120' r='3.5'/><circle cx='700' cy='420' r='2.5'/><circle cx='1500' cy='420' r='2.5'/>
  </g>
</svg>`;

const city = `${SVG_OPEN}
  <defs>
    <linearGradient id='sky' x1='0' y1='0' x2='0' y2='1'><stop offset='0' stop-color='#0e1b2e'/><stop offset='.55' stop-color='#1c3b57'/><stop offset='1' stop-color='#d7885a'/></linearGradient>
    <pattern id='win' width='26' height='34' patternUnits='userSpaceOnUse'><rect x='8' y='10' width='8' height='12' rx='1' fill='#ffcf7d'/></pattern>
    <pattern id='win2' width='52' height='68' patternUnits='userSpaceOnUse'><rect x='8' y='10' width='8' height='12' rx='1' fill='#17263a'/><rect x='34' y='44' width='8' height='12' rx='1' fill='#17263a'/></pattern>
  </defs>
  <rect width='1600' height='900' fill='url(#sky)'/>
  <g fill='#fff' opacity='.75'>
    <circle cx='700' cy='70' r='1.3'/><circle cx='860' cy='140' r='1'/><circle cx='1020' cy='60' r='1.6'/><circle cx='1260' cy='110' r='1.2'/>
    <circle cx='1500' cy='60' r='1.4'/><circle cx='1380' cy='200' r='1'/><circle cx='940' cy='230' r='1.1'/><circle cx='600' cy='190' r='1'/>
  </g>
  <path d='M1340 120 a 70 70 0 1 0 60 110 a 56 56 0 1 1 -60 -110z' fill='#fde9c4'/>
  <g fill='#1a2f47'>
    <rect x='560' y='560' width='120' height='340'/><rect x='700' y='500' width='90' height='400'/><rect x='1480' y='540' width='140' height='360'/>
  </g>
  <g fill='#12223a'>
    <rect x='780' y='420' width='130' height='480'/><rect x='930' y='330' width='110' height='570'/><rect x='985' y='280' width='6' height='50'/>
    <rect x='1060' y='460' width='150' height='440'/><rect x='1230' y='380' width='120' height='520'/><path d='M1230 380 l 60 -60 l 60 60z'/>
    <rect x='1370' y='480' width='110' height='420'/>
  </g>
  <g>
    <rect x='780' y='420' width='130' height='480' fill='url(#win)' opacity='.75'/><rect x='780' y='420' width='130' height='480' fill='url(#win2)'/>
    <rect x='930' y='330' width='110' height='570' fill='url(#win)' opacity='.55'/><rect x='930' y='330' width='110' height='570' fill='url(#win2)'/>
    <rect x='1060' y='460' width='150' height='440' fill='url(#win)' opacity='.7'/><rect x='1060' y='460' width='150' height='440' fill='url(#win2)'/>
    <rect x='1230' y='380' width='120' height='520' fill='url(#win)' opacity='.6'/><rect x='1230' y='380' width='120' height='520' fill='url(#win2)'/>
    <rect x='1370' y='480' width='110' height='420' fill='url(#win)' opacity='.8'/><rect x='1370' y='480' width='110' height='420' fill='url(#win2)'/>
  </g>
  <path d='M0 840 C 300 810 700 850 1000 820 S 1400 800 1600 830 V900 H0Z' fill='#0b1524'/>
  <circle cx='988' cy='276' r='5' fill='#ff6b6b'/>
</svg>`;

export const DEFAULT_HERO_SLIDES: HeroSlide[] = [
  {
    id: "default-dusk",
    title: "Dusk over the salt dunes",
    subtitle: `From the prompt “${HERO_SLIDE_PROMPT}”`,
    background: `${svgLayer(dusk)}, linear-gradient(180deg, #2a1446 0%, #a3345f 45%, #f8cf7c 100%)`,
  },
  {
    id: "default-tide",
    title: "Violet tide",
    subtitle: "A moonlit sea, painted in the house colour",
    background: `${svgLayer(tide)}, linear-gradient(180deg, #0d0a24 0%, #2c1a66 55%, #0b0820 100%)`,
  },
  {
    id: "default-garden",
    title: "Garden after rain",
    subtitle: "A doodle of three flowers, grown into a painting",
    background: `${svgLayer(garden)}, radial-gradient(circle at 75% 40%, #2f6b4f, #0c241c)`,
  },
  {
    id: "default-city",
    title: "Paper city at night",
    subtitle: "A phone photo of a skyline, reimagined as a print",
    background: `${svgLayer(city)}, linear-gradient(180deg, #0e1b2e 0%, #1c3b57 55%, #d7885a 100%)`,
  },
];
