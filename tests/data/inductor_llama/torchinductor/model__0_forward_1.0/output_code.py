    def call(self, args):
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41 = args
        args.clear()
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            # Topologically Sorted Source Nodes: [inputs_embeds, pow_1, variance, add_3, rsqrt, hidden_states_1, hidden_states_2, linear], Original ATen: [aten.embedding, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0:1
            triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0.run(buf4, primals_1, primals_2, primals_4, buf0, buf6, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, position_ids_expanded], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_arange_unsqueeze_1:2
            triton_poi_fused__to_copy_add_arange_unsqueeze_1.run(buf1, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, getitem_4, expand_1, position_ids_expanded, ], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.expand, aten._to_copy, aten.bmm]
            # [Provenance debug handles] extern_kernels.mm:3
            extern_kernels.mm(reinterpret_tensor(primals_3, (32, 1), (1, 1), 0), reinterpret_tensor(buf1, (1, 512), (0, 1), 0), out=buf2)
            # Topologically Sorted Source Nodes: [linear], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:4
            triton_poi_fused__to_copy_t_2.run(primals_5, buf5, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_1, hidden_states_2, linear], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:5
            extern_kernels.mm(reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf5, out=buf7)
            # Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:6
            triton_poi_fused__to_copy_t_2.run(primals_6, buf8, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_1, hidden_states_2, linear, linear_1], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:7
            extern_kernels.mm(reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf8, out=buf9)
            # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:8
            triton_poi_fused__to_copy_t_2.run(primals_7, buf10, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_1, hidden_states_2, linear, linear_2], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:9
            extern_kernels.mm(reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf10, out=buf11)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, linear, view, query_states, linear_1, view_1, key_states, cos_3, sin_3, mul_4, x1, x2, neg, cat_1, mul_5, q_embed, mul_6, x1_1, x2_1, neg_1, cat_2, mul_7, k_embed, attn_output], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten._unsafe_view, aten.view, aten.unsqueeze, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:10
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf9, buf2, buf7, buf12, buf15, buf16, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_2, view_2, value_states, values, attn_output], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:11
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf11, buf13, buf14, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, kv_indices, attention_mask, attention_mask_1, attn_output], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.expand, aten.scalar_tensor, aten.where]
            # [Provenance debug handles] triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5:12
            triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5.run(buf17, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:13
            buf18 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf16, buf15, buf14, buf17, True, scale=0.125)
            buf19 = buf18[0]
            assert_alignment(buf19, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf20 = buf18[1]
            assert_alignment(buf20, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf21 = buf18[6]
            assert_alignment(buf21, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf22 = buf18[7]
            assert_alignment(buf22, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            # Topologically Sorted Source Nodes: [attn_output_3], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:14
            triton_poi_fused__to_copy_t_2.run(primals_8, buf23, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [transpose_4, reshape, attn_output_3], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:15
            extern_kernels.mm(reinterpret_tensor(buf19, (4096, 512), (512, 1), 0), buf23, out=buf24)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, pow_2, variance_1, add_7, rsqrt_1, hidden_states_5, hidden_states_6, linear_4], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6:16
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6.run(buf26, buf0, buf24, primals_9, buf28, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_4], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:17
            triton_poi_fused__to_copy_t_7.run(primals_10, buf27, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, hidden_states_5, hidden_states_6, linear_4], Original ATen: [aten._unsafe_view, aten.add, aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:18
            extern_kernels.mm(reinterpret_tensor(buf28, (4096, 512), (512, 1), 0), buf27, out=buf29)
            # Topologically Sorted Source Nodes: [linear_5], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:19
            triton_poi_fused__to_copy_t_7.run(primals_11, buf30, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, hidden_states_5, hidden_states_6, linear_4, linear_5], Original ATen: [aten._unsafe_view, aten.add, aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:20
            extern_kernels.mm(reinterpret_tensor(buf28, (4096, 512), (512, 1), 0), buf30, out=buf31)
            # Topologically Sorted Source Nodes: [down_proj], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:21
            triton_poi_fused__to_copy_t_8.run(primals_12, buf32, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_4, silu, linear_5, mul_10], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:22
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf29, buf31, buf33, 5636096, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_4, silu, linear_5, mul_10, down_proj], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:23
            extern_kernels.mm(reinterpret_tensor(buf33, (4096, 1376), (1408, 1), 0), buf32, out=buf34)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, down_proj, hidden_states_7, pow_3, variance_2, add_9, rsqrt_2, hidden_states_9, hidden_states_10, linear_7], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10:24
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10.run(buf37, buf0, buf24, buf34, primals_13, buf35, buf39, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_7], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:25
            triton_poi_fused__to_copy_t_2.run(primals_14, buf38, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_9, hidden_states_10, linear_7], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:26
            extern_kernels.mm(reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf38, out=buf40)
            # Topologically Sorted Source Nodes: [linear_8], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:27
            triton_poi_fused__to_copy_t_2.run(primals_15, buf41, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_9, hidden_states_10, linear_7, linear_8], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:28
            extern_kernels.mm(reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf41, out=buf42)
            # Topologically Sorted Source Nodes: [linear_9], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:29
            triton_poi_fused__to_copy_t_2.run(primals_16, buf43, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_9, hidden_states_10, linear_7, linear_9], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:30
            extern_kernels.mm(reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf43, out=buf44)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, cos_3, sin_3, linear_7, view_3, query_states_1, linear_8, view_4, key_states_1, mul_13, x1_2, x2_2, neg_2, cat_5, mul_14, q_embed_1, mul_15, x1_3, x2_3, neg_3, cat_6, mul_16, k_embed_1, attn_output_4], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.unsqueeze, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:31
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf42, buf2, buf40, buf45, buf48, buf49, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_9, view_5, value_states_1, values_1, attn_output_4], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:32
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf44, buf46, buf47, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output_4], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:33
            buf50 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf49, buf48, buf47, buf17, True, scale=0.125)
            buf51 = buf50[0]
            assert_alignment(buf51, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf52 = buf50[1]
            assert_alignment(buf52, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf53 = buf50[6]
            assert_alignment(buf53, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf54 = buf50[7]
            assert_alignment(buf54, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            # Topologically Sorted Source Nodes: [attn_output_7], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:34
            triton_poi_fused__to_copy_t_2.run(primals_17, buf55, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [transpose_8, reshape_1, attn_output_7], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:35
            extern_kernels.mm(reinterpret_tensor(buf51, (4096, 512), (512, 1), 0), buf55, out=buf56)
            # Topologically Sorted Source Nodes: [attn_output_7, hidden_states_11, pow_4, variance_3, add_13, rsqrt_3, hidden_states_13, hidden_states_14, linear_11], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:36
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf59, buf35, buf56, primals_18, buf57, buf61, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_11], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:37
            triton_poi_fused__to_copy_t_7.run(primals_19, buf60, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_13, hidden_states_14, linear_11], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:38
            extern_kernels.mm(reinterpret_tensor(buf61, (4096, 512), (512, 1), 0), buf60, out=buf62)
            # Topologically Sorted Source Nodes: [linear_12], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:39
            triton_poi_fused__to_copy_t_7.run(primals_20, buf63, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_13, hidden_states_14, linear_11, linear_12], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:40
            extern_kernels.mm(reinterpret_tensor(buf61, (4096, 512), (512, 1), 0), buf63, out=buf64)
            # Topologically Sorted Source Nodes: [down_proj_1], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:41
            triton_poi_fused__to_copy_t_8.run(primals_21, buf65, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_11, silu_1, linear_12, mul_19], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:42
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf62, buf64, buf66, 5636096, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_11, silu_1, linear_12, mul_19, down_proj_1], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:43
            extern_kernels.mm(reinterpret_tensor(buf66, (4096, 1376), (1408, 1), 0), buf65, out=buf67)
            # Topologically Sorted Source Nodes: [down_proj_1, hidden_states_15, pow_5, variance_4, add_15, rsqrt_4, hidden_states_17, hidden_states_18, linear_14], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:44
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf70, buf57, buf67, primals_22, buf68, buf72, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_14], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:45
            triton_poi_fused__to_copy_t_2.run(primals_23, buf71, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_17, hidden_states_18, linear_14], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:46
            extern_kernels.mm(reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf71, out=buf73)
            # Topologically Sorted Source Nodes: [linear_15], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:47
            triton_poi_fused__to_copy_t_2.run(primals_24, buf74, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_17, hidden_states_18, linear_14, linear_15], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:48
            extern_kernels.mm(reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf74, out=buf75)
            # Topologically Sorted Source Nodes: [linear_16], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:49
            triton_poi_fused__to_copy_t_2.run(primals_25, buf76, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_17, hidden_states_18, linear_14, linear_16], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:50
            extern_kernels.mm(reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf76, out=buf77)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, cos_3, sin_3, linear_14, view_6, query_states_2, linear_15, view_7, key_states_2, mul_22, x1_4, x2_4, neg_4, cat_9, mul_23, q_embed_2, mul_24, x1_5, x2_5, neg_5, cat_10, mul_25, k_embed_2, attn_output_8], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.unsqueeze, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:51
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf75, buf2, buf73, buf78, buf81, buf82, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_16, view_8, value_states_2, values_2, attn_output_8], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:52
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf77, buf79, buf80, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output_8], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:53
            buf83 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf82, buf81, buf80, buf17, True, scale=0.125)
            buf84 = buf83[0]
            assert_alignment(buf84, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf85 = buf83[1]
            assert_alignment(buf85, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf86 = buf83[6]
            assert_alignment(buf86, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf87 = buf83[7]
            assert_alignment(buf87, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            # Topologically Sorted Source Nodes: [attn_output_11], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:54
            triton_poi_fused__to_copy_t_2.run(primals_26, buf88, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [transpose_12, reshape_2, attn_output_11], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:55
            extern_kernels.mm(reinterpret_tensor(buf84, (4096, 512), (512, 1), 0), buf88, out=buf89)
            # Topologically Sorted Source Nodes: [attn_output_11, hidden_states_19, pow_6, variance_5, add_19, rsqrt_5, hidden_states_21, hidden_states_22, linear_18], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:56
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf92, buf68, buf89, primals_27, buf90, buf94, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_18], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:57
            triton_poi_fused__to_copy_t_7.run(primals_28, buf93, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_21, hidden_states_22, linear_18], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:58
            extern_kernels.mm(reinterpret_tensor(buf94, (4096, 512), (512, 1), 0), buf93, out=buf95)
            # Topologically Sorted Source Nodes: [linear_19], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:59
            triton_poi_fused__to_copy_t_7.run(primals_29, buf96, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_21, hidden_states_22, linear_18, linear_19], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:60
            extern_kernels.mm(reinterpret_tensor(buf94, (4096, 512), (512, 1), 0), buf96, out=buf97)
            # Topologically Sorted Source Nodes: [down_proj_2], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:61
            triton_poi_fused__to_copy_t_8.run(primals_30, buf98, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_18, silu_2, linear_19, mul_28], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:62
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf95, buf97, buf99, 5636096, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_18, silu_2, linear_19, mul_28, down_proj_2], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:63
            extern_kernels.mm(reinterpret_tensor(buf99, (4096, 1376), (1408, 1), 0), buf98, out=buf100)
            # Topologically Sorted Source Nodes: [down_proj_2, hidden_states_23, pow_7, variance_6, add_21, rsqrt_6, hidden_states_25, hidden_states_26, linear_21], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:64
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf103, buf90, buf100, primals_31, buf101, buf105, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_21], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:65
            triton_poi_fused__to_copy_t_2.run(primals_32, buf104, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_25, hidden_states_26, linear_21], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:66
            extern_kernels.mm(reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf104, out=buf106)
            # Topologically Sorted Source Nodes: [linear_22], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:67
            triton_poi_fused__to_copy_t_2.run(primals_33, buf107, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_25, hidden_states_26, linear_21, linear_22], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:68
            extern_kernels.mm(reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf107, out=buf108)
            # Topologically Sorted Source Nodes: [linear_23], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:69
            triton_poi_fused__to_copy_t_2.run(primals_34, buf109, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_25, hidden_states_26, linear_21, linear_23], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:70
            extern_kernels.mm(reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf109, out=buf110)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, cos_3, sin_3, linear_21, view_9, query_states_3, linear_22, view_10, key_states_3, mul_31, x1_6, x2_6, neg_6, cat_13, mul_32, q_embed_3, mul_33, x1_7, x2_7, neg_7, cat_14, mul_34, k_embed_3, attn_output_12], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.unsqueeze, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:71
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf108, buf2, buf106, buf111, buf114, buf115, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_23, view_11, value_states_3, values_3, attn_output_12], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:72
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf110, buf112, buf113, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output_12], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:73
            buf116 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf115, buf114, buf113, buf17, True, scale=0.125)
            buf117 = buf116[0]
            assert_alignment(buf117, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf118 = buf116[1]
            assert_alignment(buf118, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf119 = buf116[6]
            assert_alignment(buf119, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf120 = buf116[7]
            assert_alignment(buf120, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            # Topologically Sorted Source Nodes: [attn_output_15], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:74
            triton_poi_fused__to_copy_t_2.run(primals_35, buf121, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [transpose_16, reshape_3, attn_output_15], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:75
            extern_kernels.mm(reinterpret_tensor(buf117, (4096, 512), (512, 1), 0), buf121, out=buf122)
            # Topologically Sorted Source Nodes: [attn_output_15, hidden_states_27, pow_8, variance_7, add_25, rsqrt_7, hidden_states_29, hidden_states_30, linear_25], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:76
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf125, buf101, buf122, primals_36, buf123, buf127, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_25], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:77
            triton_poi_fused__to_copy_t_7.run(primals_37, buf126, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_29, hidden_states_30, linear_25], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:78
            extern_kernels.mm(reinterpret_tensor(buf127, (4096, 512), (512, 1), 0), buf126, out=buf128)
            # Topologically Sorted Source Nodes: [linear_26], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:79
            triton_poi_fused__to_copy_t_7.run(primals_38, buf129, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_29, hidden_states_30, linear_25, linear_26], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:80
            extern_kernels.mm(reinterpret_tensor(buf127, (4096, 512), (512, 1), 0), buf129, out=buf130)
            # Topologically Sorted Source Nodes: [down_proj_3], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:81
            triton_poi_fused__to_copy_t_8.run(primals_39, buf131, 704512, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_25, silu_3, linear_26, mul_37], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:82
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf128, buf130, buf132, 5636096, stream=stream0)
            # Topologically Sorted Source Nodes: [linear_25, silu_3, linear_26, mul_37, down_proj_3], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:83
            extern_kernels.mm(reinterpret_tensor(buf132, (4096, 1376), (1408, 1), 0), buf131, out=buf133)
            # Topologically Sorted Source Nodes: [down_proj_3, hidden_states_31, pow_9, variance_8, add_27, rsqrt_8, hidden_states_33, hidden_states_34, logits], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:84
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf136, buf123, buf133, primals_40, buf134, buf138, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_12:85
            triton_poi_fused__to_copy_t_12.run(primals_41, buf137, 16384000, stream=stream0)
            # Topologically Sorted Source Nodes: [hidden_states_33, hidden_states_34, logits], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:86
            extern_kernels.mm(reinterpret_tensor(buf138, (4096, 512), (512, 1), 0), buf137, out=buf139)
            # Topologically Sorted Source Nodes: [labels], Original ATen: [aten.constant_pad_nd]
            # [Provenance debug handles] triton_poi_fused_constant_pad_nd_13:87
            triton_poi_fused_constant_pad_nd_13.run(primals_1, buf140, 4104, stream=stream0)
            # Topologically Sorted Source Nodes: [logits, logits_1, logits_2, , loss], Original ATen: [aten._unsafe_view, aten._to_copy, aten.view, prims.prepare_softmax_online, aten._log_softmax]
            # [Provenance debug handles] triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14:88
            triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14.run(buf143, buf139, buf141, 4096, 32000, stream=stream0)
            buf147 = buf146; del buf146  # reuse
            # Topologically Sorted Source Nodes: [logits, logits_1, getitem_23, shift_labels, logits_2, shift_labels_1, , loss], Original ATen: [aten._unsafe_view, aten._to_copy, aten.slice, aten.clone, aten.view, aten.sub, aten._log_softmax, aten.nll_loss_forward]
            # [Provenance debug handles] triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15:89
            triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15.run(buf147, buf140, buf139, buf141, buf143, buf145, 1, 4096, stream=stream0)
        return (buf13, buf12, buf46, buf45, buf79, buf78, buf112, buf111, buf147, reinterpret_tensor(buf139, (8, 512, 32000), (16384000, 32000, 1), 0), primals_1, primals_4, primals_9, primals_13, primals_18, primals_22, primals_27, primals_31, primals_36, primals_40, buf0, buf2, buf4, reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf14, buf15, buf16, buf17, buf19, buf20, buf21, buf22, buf24, buf26, reinterpret_tensor(buf28, (4096, 512), (512, 1), 0), buf29, buf31, reinterpret_tensor(buf33, (4096, 1376), (1408, 1), 0), buf35, buf37, reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf47, buf48, buf49, buf51, buf52, buf53, buf54, buf57, buf59, reinterpret_tensor(buf61, (4096, 512), (512, 1), 0), buf62, buf64, reinterpret_tensor(buf66, (4096, 1376), (1408, 1), 0), buf68, buf70, reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf80, buf81, buf82, buf84, buf85, buf86, buf87, buf90, buf92, reinterpret_tensor(buf94, (4096, 512), (512, 1), 0), buf95, buf97, reinterpret_tensor(buf99, (4096, 1376), (1408, 1), 0), buf101, buf103, reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf113, buf114, buf115, buf117, buf118, buf119, buf120, buf123, buf125, reinterpret_tensor(buf127, (4096, 512), (512, 1), 0), buf128, buf130, reinterpret_tensor(buf132, (4096, 1376), (1408, 1), 0), buf134, buf136, reinterpret_tensor(buf138, (4096, 512), (512, 1), 0), reinterpret_tensor(buf139, (8, 512, 32000), (16384000, 32000, 1), 0), buf140, buf141, buf143, buf145, reinterpret_tensor(buf137, (32000, 512), (512, 1), 0), reinterpret_tensor(buf131, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf129, (1376, 512), (512, 1), 0), reinterpret_tensor(buf126, (1376, 512), (512, 1), 0), reinterpret_tensor(buf121, (512, 512), (512, 1), 0), reinterpret_tensor(buf109, (512, 512), (512, 1), 0), reinterpret_tensor(buf107, (512, 512), (512, 1), 0), reinterpret_tensor(buf104, (512, 512), (512, 1), 0), reinterpret_tensor(buf98, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf96, (1376, 512), (512, 1), 0), reinterpret_tensor(buf93, (1376, 512), (512, 1), 0), reinterpret_tensor(buf88, (512, 512), (512, 1), 0), reinterpret_tensor(buf76, (512, 512), (512, 1), 0), reinterpret_tensor(buf74, (512, 512), (512, 1), 0), reinterpret_tensor(buf71, (512, 512), (512, 1), 0), reinterpret_tensor(buf65, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf63, (1376, 512), (512, 1), 0), reinterpret_tensor(buf60, (1376, 512), (512, 1), 0), reinterpret_tensor(buf55, (512, 512), (512, 1), 0), reinterpret_tensor(buf43, (512, 512), (512, 1), 0), reinterpret_tensor(buf41, (512, 512), (512, 1), 0), reinterpret_tensor(buf38, (512, 512), (512, 1), 0), reinterpret_tensor(buf32, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf30, (1376, 512), (512, 1), 0), reinterpret_tensor(buf27, (1376, 512), (512, 1), 0), reinterpret_tensor(buf23, (512, 512), (512, 1), 0), reinterpret_tensor(buf10, (512, 512), (512, 1), 0), reinterpret_tensor(buf8, (512, 512), (512, 1), 0), reinterpret_tensor(buf5, (512, 512), (512, 1), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((8, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_2 = rand_strided((32000, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_3 = rand_strided((32, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_4 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_5 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_6 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_7 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_8 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_11 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_12 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_14 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_15 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_17 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_19 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_20 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_21 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_23 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_24 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_25 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_26 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_29 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_30 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_31 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_32 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_33 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_34 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_35 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_36 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_37 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_38 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_39 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_40 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_41 = rand_strided((32000, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
