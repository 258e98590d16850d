// collide4j report: 3-D view of a certified trajectory (three.js). Inlined by HtmlReport after the
// three.js module; runs as an ES module with THREE in scope and the view data in #c4j-data.
// Link transforms come precomputed from Java (forward kinematics there); this file only draws them.
const data = JSON.parse(document.getElementById('c4j-data').textContent);
const $ = (id) => document.getElementById(id);
const canvas = $('c4j-canvas');
const slider = $('c4j-slider');
const frames = data.frames;
const nLinks = data.links.length;

const renderer = new THREE.WebGLRenderer({canvas, antialias: true, preserveDrawingBuffer: true});
renderer.setPixelRatio(window.devicePixelRatio || 1);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xf4f5f7);
const camera = new THREE.PerspectiveCamera(40, 2, 0.01, 200);
camera.up.set(0, 0, 1);   // ROS convention: z up
scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 1.6));
const sun = new THREE.DirectionalLight(0xffffff, 1.8);
sun.position.set(2, -3, 4);
scene.add(sun);
const grid = new THREE.GridHelper(4, 40, 0xbbbbbb, 0xdddddd);
grid.rotateX(Math.PI / 2);
scene.add(grid);

const mat = {
  robot: new THREE.MeshStandardMaterial({color: 0x8fa6c8, flatShading: true, metalness: 0.1, roughness: 0.7}),
  closest: new THREE.MeshStandardMaterial({color: 0xff9900, flatShading: true}),
  contact: new THREE.MeshStandardMaterial({color: 0xdd0000, flatShading: true}),
  obstacle: new THREE.MeshStandardMaterial({color: 0xc8b48c, flatShading: true, transparent: true, opacity: 0.55,
    depthWrite: false}),
  obstacleClosest: new THREE.MeshStandardMaterial({color: 0xff9900, transparent: true, opacity: 0.7, depthWrite: false}),
  ghost: new THREE.MeshStandardMaterial({color: 0x909090, transparent: true, opacity: 0.25, depthWrite: false}),
  ghostContact: new THREE.MeshStandardMaterial({color: 0xff2020, transparent: true, opacity: 0.35, depthWrite: false}),
};

function hullGeometry(h) {
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(h.v, 3));
  g.setIndex(h.f);
  const flat = g.toNonIndexed();   // one normal per face: hulls read as polyhedra
  flat.computeVertexNormals();
  return flat;
}

// Robot: one group per link whose matrix is the link's world transform; pieces in link coordinates.
const linkGroups = [];
for (let l = 0; l < nLinks; l++) {
  const g = new THREE.Group();
  g.matrixAutoUpdate = false;
  g.name = data.links[l];
  scene.add(g);
  linkGroups.push(g);
}
const pieceMeshes = {};   // body name -> [mesh per piece]
const pickable = [];
for (const body of data.bodies) {
  pieceMeshes[body.name] = body.pieces.map((p, k) => {
    const m = new THREE.Mesh(hullGeometry(p), mat.robot);
    m.userData = {label: body.name + (body.pieces.length > 1 ? ' (piece ' + k + ')' : '') +
      (data.links[body.link] !== body.name ? ' on link ' + data.links[body.link] : '')};
    linkGroups[body.link].add(m);
    pickable.push(m);
    return m;
  });
}

// The links' collision meshes, decimated (shown instead of the pieces when chosen; hover names the link).
const linkMeshes = (data.linkMeshes || []).map((lm) => {
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(lm.mesh.v, 3));
  g.setIndex(lm.mesh.f);
  g.computeVertexNormals();
  const m = new THREE.Mesh(g, mat.robot);
  m.userData = {label: data.links[lm.link] + ' (collision mesh, decimated)'};
  m.visible = false;
  linkGroups[lm.link].add(m);
  pickable.push(m);
  return m;
});
const meshedLinks = new Set((data.linkMeshes || []).map((lm) => lm.link));

// Scene obstacles in world coordinates (cylinders and capsules along z as in URDF / MoveIt).
const obstacleMeshes = {};
for (const o of data.obstacles) {
  let g;
  if (o.type === 'box') g = new THREE.BoxGeometry(o.size[0], o.size[1], o.size[2]);
  else if (o.type === 'sphere') g = new THREE.SphereGeometry(o.radius, 24, 16);
  else if (o.type === 'cylinder') g = new THREE.CylinderGeometry(o.radius, o.radius, o.length, 32).rotateX(Math.PI / 2);
  else if (o.type === 'capsule') g = new THREE.CapsuleGeometry(o.radius, o.length, 8, 24).rotateX(Math.PI / 2);
  else g = hullGeometry(o.mesh);
  const m = new THREE.Mesh(g, mat.obstacle);
  m.position.set(o.p[0], o.p[1], o.p[2]);
  m.quaternion.set(o.q[0], o.q[1], o.q[2], o.q[3]);
  m.userData = {label: 'obstacle ' + o.name};
  scene.add(m);
  obstacleMeshes[o.name] = m;
  pickable.push(m);
}

function matrixOf(frame, l, dest) {
  const a = frame.m, o = 12 * l;
  return dest.set(a[o], a[o + 1], a[o + 2], a[o + 3], a[o + 4], a[o + 5], a[o + 6], a[o + 7],
    a[o + 8], a[o + 9], a[o + 10], a[o + 11], 0, 0, 0, 1);
}

// The first-contact pose, drawn as a grey ghost that stays put while the slider moves; only the bodies of the
// contacting pair are red in it, so the eye goes to them.
const ghost = new THREE.Group();
if (data.exactFrame !== undefined) {
  const f = frames[data.exactFrame];
  for (const body of data.bodies) {
    const lg = new THREE.Group();
    lg.matrixAutoUpdate = false;
    matrixOf(f, body.link, lg.matrix);
    const hot = body.name === f.a || (!f.env && body.name === f.b);
    for (const m of pieceMeshes[body.name]) lg.add(new THREE.Mesh(m.geometry, hot ? mat.ghostContact : mat.ghost));
    ghost.add(lg);
  }
  scene.add(ghost);
}

const witness = new THREE.Line(new THREE.BufferGeometry().setAttribute('position',
  new THREE.Float32BufferAttribute(new Float32Array(6), 3)), new THREE.LineBasicMaterial({color: 0xdd0000}));
witness.frustumCulled = false;
scene.add(witness);
const witnessEnds = [0, 1].map(() => {
  const s = new THREE.Mesh(new THREE.SphereGeometry(0.008, 12, 8), new THREE.MeshBasicMaterial({color: 0xdd0000}));
  scene.add(s);
  return s;
});

// Camera: orbit the bounding box of the robot (first frame) and the scene; drag turns, wheel zooms.
let current = 0;
setPose(0);
const box = new THREE.Box3();
for (const g of linkGroups) g.updateMatrixWorld(true);
for (const m of pickable) box.expandByObject(m);
const target = box.getCenter(new THREE.Vector3());
let radius = Math.max(0.5, box.getSize(new THREE.Vector3()).length() * 0.9);
// a violation report frames the contact: the middle of its witness segment, from half the whole view's distance
if (data.exactFrame !== undefined && frames[data.exactFrame].w) {
  const w = frames[data.exactFrame].w;
  target.set((w[0] + w[3]) / 2, (w[1] + w[4]) / 2, (w[2] + w[5]) / 2);
  radius = Math.max(0.5, radius / 2);
}
let azimuth = -0.9, elevation = 0.45;
function placeCamera() {
  camera.position.set(target.x + radius * Math.cos(elevation) * Math.cos(azimuth),
    target.y + radius * Math.cos(elevation) * Math.sin(azimuth), target.z + radius * Math.sin(elevation));
  camera.lookAt(target);
}

function resize() {
  const w = canvas.clientWidth || 760, h = canvas.clientHeight || 460;
  renderer.setSize(w, h, false);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}

function render() {
  placeCamera();
  renderer.render(scene, camera);
}

function setPose(k) {
  const f = frames[k];
  for (let l = 0; l < nLinks; l++) {
    matrixOf(f, l, linkGroups[l].matrix);
    linkGroups[l].matrixWorldNeedsUpdate = true;
  }
}

function highlight(f, isContact) {
  for (const ms of Object.values(pieceMeshes)) for (const m of ms) m.material = mat.robot;
  for (const m of Object.values(obstacleMeshes)) m.material = mat.obstacle;
  witness.visible = false;
  witnessEnds.forEach(s => { s.visible = false; });
  if (f.pair === undefined) return;
  const hot = isContact ? mat.contact : mat.closest;
  const a = pieceMeshes[f.a];
  if (a && a[f.ap]) a[f.ap].material = hot;
  if (f.env) {
    if (obstacleMeshes[f.b]) obstacleMeshes[f.b].material = isContact ? mat.contact : mat.obstacleClosest;
  } else {
    const b = pieceMeshes[f.b];
    if (b && b[f.bp]) b[f.bp].material = hot;
  }
  if (f.w) {
    const pos = witness.geometry.attributes.position;
    pos.setXYZ(0, f.w[0], f.w[1], f.w[2]);
    pos.setXYZ(1, f.w[3], f.w[4], f.w[5]);
    pos.needsUpdate = true;
    witness.visible = true;
    witnessEnds[0].position.set(f.w[0], f.w[1], f.w[2]);
    witnessEnds[1].position.set(f.w[3], f.w[4], f.w[5]);
    witnessEnds.forEach(s => { s.visible = true; });
  }
}

const fmt = (x, d) => (x === null || x === undefined) ? '–' : Number(x).toFixed(d);
function describe(k) {
  const f = frames[k];
  const isContact = k === data.exactFrame;
  let text = 't = ' + fmt(f.t, 4) + ' s';
  if (isContact) {
    const v = data.violation;
    // with a positive margin the pieces may still be apart at the violation: it is not a contact
    text += (data.margin > 0 ? ' — MARGIN VIOLATED: ' : ' — FIRST CONTACT: ') + v.pair + (v.distance !== null && v.distance < 0
      ? ', penetration depth ' + fmt(v.depth, 6) + ' m' : ', estimated distance ' + fmt(v.distance, 6) + ' m') +
      ' (certified lower bound ' + fmt(v.lowerBound, 6) + ' m, at or below the margin ' + fmt(data.margin, 6) + ' m' +
      ' plus the tolerance)';
  } else if (f.pair !== undefined) {
    text += ' — closest pair ' + f.pair + ', clearance lower bound ' + fmt(f.lb, 6) + ' m';
  } else {
    text += ' — no checked pair';
  }
  if (data.unresolved && f.t >= data.unresolved[0] && f.t <= data.unresolved[1]) {
    text += ' — in the unresolved interval (budget ran out; nothing certified here)';
  }
  const info = $('c4j-info');
  info.textContent = text;
  info.className = isContact ? 'contact' : '';
}

const cursor = document.getElementById('c4j-cursor');
const plot = document.getElementById('c4j-plot');
function moveCursor(t) {
  if (!cursor || !plot) return;
  const x0 = +plot.dataset.x0, pw = +plot.dataset.pw, t0 = +plot.dataset.t0, t1 = +plot.dataset.t1;
  const x = x0 + (t1 > t0 ? (t - t0) / (t1 - t0) : 0) * pw;
  cursor.setAttribute('x1', x);
  cursor.setAttribute('x2', x);
}

function setFrame(k) {
  current = Math.max(0, Math.min(frames.length - 1, k | 0));
  slider.value = String(current);
  setPose(current);
  highlight(frames[current], current === data.exactFrame);
  describe(current);
  moveCursor(frames[current].t);
  render();
}

function frameAt(t) {   // last frame at or before t (binary search; frames are in time order)
  let lo = 0, hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (frames[mid].t <= t + 1e-12) lo = mid; else hi = mid - 1;
  }
  return lo;
}

// Playback: wall-clock time times the chosen speed, wrapping at the end.
let playing = false, last = 0, playTime = 0;
const play = $('c4j-play');
function tick(now) {
  if (!playing) return;
  const speed = +$('c4j-speed').value;
  playTime += (now - last) / 1000 * speed;
  last = now;
  const tEnd = frames[frames.length - 1].t;
  if (playTime > tEnd) playTime = frames[0].t;
  setFrame(frameAt(playTime));
  requestAnimationFrame(tick);
}
play.addEventListener('click', () => {
  playing = !playing;
  play.textContent = playing ? 'pause' : 'play';
  if (playing) {
    playTime = frames[current].t;
    last = performance.now();
    requestAnimationFrame(tick);
  }
});
slider.max = String(frames.length - 1);
{ // the band under the slider: the unresolved interval (INCONCLUSIVE) in orange, the first contact as a red tick
  const t0 = frames[0].t, t1 = frames[frames.length - 1].t;
  const pct = (t) => (t1 > t0 ? (t - t0) / (t1 - t0) * 100 : 0).toFixed(2) + '%';
  const stops = [];
  if (data.unresolved) {
    stops.push('#e4e4e4 ' + pct(data.unresolved[0]), '#e90 ' + pct(data.unresolved[0]), '#e90 ' + pct(data.unresolved[1]),
      '#e4e4e4 ' + pct(data.unresolved[1]));
  }
  if (data.violation) {
    const a = Math.max(0, (data.violation.t - t0) / Math.max(1e-300, t1 - t0) * 100 - 0.4);
    const b = Math.min(100, a + 0.8);
    stops.push('#e4e4e4 ' + a.toFixed(2) + '%', '#d00 ' + a.toFixed(2) + '%', '#d00 ' + b.toFixed(2) + '%',
      '#e4e4e4 ' + b.toFixed(2) + '%');
  }
  if (stops.length) $('c4j-band').style.background = 'linear-gradient(to right, ' + stops.join(', ') + ')';
}
slider.addEventListener('input', () => setFrame(+slider.value));
if (data.exactFrame === undefined) $('c4j-ghost').parentElement.style.display = 'none';   // no contact, no ghost
$('c4j-ghost').addEventListener('change', (e) => { ghost.visible = e.target.checked; render(); });
$('c4j-style').addEventListener('change', (e) => {
  const wire = e.target.value === 'wireframe', meshes = e.target.value === 'meshes';
  for (const m of Object.values(mat)) m.wireframe = wire && m !== mat.obstacle && m !== mat.obstacleClosest;
  for (const m of linkMeshes) m.visible = meshes;
  for (const body of data.bodies) {   // pieces stay where a link has no mesh (primitives, attached objects)
    for (const m of pieceMeshes[body.name]) m.visible = !(meshes && meshedLinks.has(body.link));
  }
  render();
});

if (plot) {
  plot.addEventListener('click', (e) => {
    const r = plot.getBoundingClientRect();
    const vb = plot.viewBox.baseVal;
    const x = (e.clientX - r.left) * vb.width / r.width;
    const x0 = +plot.dataset.x0, pw = +plot.dataset.pw, t0 = +plot.dataset.t0, t1 = +plot.dataset.t1;
    const t = t0 + Math.max(0, Math.min(1, (x - x0) / pw)) * (t1 - t0);
    setFrame(frameAt(t));
  });
}

// Orbit and hover (link names under the pointer).
let drag = null;
const raycaster = new THREE.Raycaster();
const tip = $('c4j-tip');
canvas.addEventListener('pointerdown', (e) => { drag = {x: e.clientX, y: e.clientY}; canvas.setPointerCapture(e.pointerId); });
canvas.addEventListener('pointerup', () => { drag = null; });
canvas.addEventListener('pointermove', (e) => {
  if (drag) {
    azimuth -= (e.clientX - drag.x) * 0.01;
    elevation = Math.max(-1.5, Math.min(1.5, elevation + (e.clientY - drag.y) * 0.01));
    drag = {x: e.clientX, y: e.clientY};
    render();
    return;
  }
  const r = canvas.getBoundingClientRect();
  raycaster.setFromCamera(new THREE.Vector2((e.clientX - r.left) / r.width * 2 - 1,
    -(e.clientY - r.top) / r.height * 2 + 1), camera);
  const hit = raycaster.intersectObjects(pickable.filter((m) => m.visible), false)[0];
  if (hit) {
    tip.textContent = hit.object.userData.label;
    tip.style.left = (e.clientX - r.left + 12) + 'px';
    tip.style.top = (e.clientY - r.top + 12) + 'px';
    tip.style.display = 'block';
  } else {
    tip.style.display = 'none';
  }
});
canvas.addEventListener('pointerleave', () => { tip.style.display = 'none'; });
canvas.addEventListener('wheel', (e) => {
  e.preventDefault();
  radius = Math.max(0.05, radius * Math.exp(e.deltaY * 0.001));
  render();
}, {passive: false});
window.addEventListener('resize', () => { resize(); render(); });

// Test and scripting hook: the transforms drawn now, per link, row-major 4x4 (exactly the numbers used).
window.collide4jViewer = {
  frameCount: frames.length,
  violationFrame: data.exactFrame === undefined ? -1 : data.exactFrame,
  frame: () => current,
  time: () => frames[current].t,
  setFrame: (k) => setFrame(k),
  setTime: (t) => setFrame(frameAt(t)),
  info: () => $('c4j-info').textContent,
  // Where the robot is drawn now: its pieces' bounding box projected to viewport CSS pixels [x, y, w, h].
  robotScreenBox: () => {
    const b = new THREE.Box3();
    for (const g of linkGroups) {
      g.updateMatrixWorld(true);
      b.expandByObject(g);
    }
    const r = canvas.getBoundingClientRect();
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let k = 0; k < 8; k++) {
      const p = new THREE.Vector3(k & 1 ? b.max.x : b.min.x, k & 2 ? b.max.y : b.min.y, k & 4 ? b.max.z : b.min.z)
        .project(camera);
      const x = r.left + (p.x + 1) / 2 * r.width, y = r.top + (1 - p.y) / 2 * r.height;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    }
    x0 = Math.max(x0, r.left); y0 = Math.max(y0, r.top);
    x1 = Math.min(x1, r.right); y1 = Math.min(y1, r.bottom);
    return [x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0)];
  },
  canvasBox: () => { const r = canvas.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; },
  linkTransforms: () => {
    const out = {};
    linkGroups.forEach((g, l) => {
      const e = g.matrix.elements;   // column-major
      out[data.links[l]] = [e[0], e[4], e[8], e[12], e[1], e[5], e[9], e[13], e[2], e[6], e[10], e[14], e[3], e[7],
        e[11], e[15]];
    });
    return out;
  },
};

resize();
setFrame(data.exactFrame !== undefined ? data.exactFrame : 0);   // a violation report opens at the first contact
document.body.dataset.viewer = 'ready';
