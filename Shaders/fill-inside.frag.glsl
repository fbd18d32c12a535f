#version 330 core
// Inside pass of a fill's fringe (FillTessellator.fringeMesh, Renderer.drawFill): drawn only where
// the pixel's centre is inside the outline with winding u_side (+1 or -1) and only on the side of
// the edge where the winding is u_side (edge > 0 for +1, edge < 0 for -1), so the other side of the
// edge is outside the fill; |edge| = d px from the edge, and the pixel's area on the inside of a
// straight edge across it is 0.5 + d (the outside pass, stroke.frag.glsl with radius 0.5, gives
// 0.5 - d). An edge with ink on both sides (overlapping contours) draws nothing here.
in vec4 v_aa;
in vec4 v_color;
uniform float u_side;
out vec4 o_color;

void main() {
    if (v_aa.x * u_side < 0.0) discard;
    float coverage = clamp(v_aa.y + abs(v_aa.x), 0.0, 1.0);
    o_color = v_color * coverage;
}
